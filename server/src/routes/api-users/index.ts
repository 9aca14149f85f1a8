import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  createApiUser,
  deleteApiUser,
  listApiUsers,
  resetApiUserKey,
  updateApiUser,
} from '../../services/api-users/manage-api-users.ts';

/** `/v1/businesses/{id}/apis…`: a business's API users (spec section 7, Business). */
export const apiUserRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.listApiUsers, ({ ctx, params }) => listApiUsers(ctx, params.id));
  registerRoute(api, deps, routes.createApiUser, ({ ctx, params, body }) =>
    createApiUser(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.updateApiUser, ({ ctx, params, body }) =>
    updateApiUser(ctx, params.id, params.username, body),
  );
  registerRoute(api, deps, routes.deleteApiUser, ({ ctx, params }) =>
    deleteApiUser(ctx, params.id, params.username),
  );
  registerRoute(api, deps, routes.resetApiUserKey, ({ ctx, params }) =>
    resetApiUserKey(ctx, params.id, params.username),
  );
};
