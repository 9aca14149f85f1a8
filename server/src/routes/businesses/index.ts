import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { createBusiness } from '../../services/businesses/create-business.ts';
import { getBusiness } from '../../services/businesses/get-business.ts';
import { getUserBusiness } from '../../services/businesses/get-user-business.ts';
import { listBusinessAdmins } from '../../services/businesses/list-business-admins.ts';
import { updateBusiness } from '../../services/businesses/update-business.ts';

/** Businesses: create, read, the profile (name, contact, support contact) and the admins. */
export const businessRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.createBusiness, ({ ctx, body }) => createBusiness(ctx, body));
  registerRoute(api, deps, routes.getUserBusiness, ({ ctx }) => getUserBusiness(ctx));
  registerRoute(api, deps, routes.getBusiness, ({ ctx, params }) => getBusiness(ctx, params.id));
  registerRoute(api, deps, routes.updateBusiness, ({ ctx, params, body }) =>
    updateBusiness(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.listBusinessAdmins, ({ ctx, params }) =>
    listBusinessAdmins(ctx, params.id),
  );
};
