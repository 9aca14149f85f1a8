import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { createBusiness } from '../../services/businesses/create-business.ts';
import { getBusiness } from '../../services/businesses/get-business.ts';
import { getUserBusiness } from '../../services/businesses/get-user-business.ts';

/** Businesses (minimal: enough for the admin and member roles). */
export const businessRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.createBusiness, ({ principal, body }) =>
    createBusiness(deps.db, principal.userId, body),
  );
  registerRoute(api, deps, routes.getUserBusiness, ({ principal }) =>
    getUserBusiness(deps.db, principal.userId),
  );
  registerRoute(api, deps, routes.getBusiness, ({ principal, params }) =>
    getBusiness(deps.db, principal.userId, params.id),
  );
};
