import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  changeSealMembers,
  getSeal,
  listSeals,
  putSeal,
} from '../../services/seals/manage-seals.ts';

/** `/v1/businesses/{id}/seals…`: a business's seals and who may use them (spec section 7). */
export const sealRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.listSeals, ({ ctx, params }) => listSeals(ctx, params.id));
  registerRoute(api, deps, routes.getSeal, ({ ctx, params }) =>
    getSeal(ctx, params.id, params.seal),
  );
  registerRoute(api, deps, routes.putSeal, ({ ctx, params, body }) =>
    putSeal(ctx, params.id, params.seal, body),
  );
  registerRoute(api, deps, routes.addSealMembers, ({ ctx, params, body }) =>
    changeSealMembers(ctx, params.id, params.seal, body.members, 'add'),
  );
  registerRoute(api, deps, routes.removeSealMembers, ({ ctx, params, body }) =>
    changeSealMembers(ctx, params.id, params.seal, body.members, 'remove'),
  );
};
