import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  createSignerGroup,
  deleteSignerGroup,
  getSignerGroup,
  listSignerGroups,
  updateSignerGroup,
} from '../../services/signer-groups/signer-groups.ts';

/** `/v3/groups…`, `DELETE /v1/groups/{id}`: the signer groups of the caller's business. */
export const signerGroupRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.listSignerGroups, ({ ctx, query }) =>
    listSignerGroups(ctx, query.includeMembers),
  );
  registerRoute(api, deps, routes.getSignerGroup, ({ ctx, params, query }) =>
    getSignerGroup(ctx, params.id, query.includeMembers),
  );
  registerRoute(api, deps, routes.createSignerGroup, ({ ctx, body }) =>
    createSignerGroup(ctx, body),
  );
  registerRoute(api, deps, routes.updateSignerGroup, ({ ctx, params, body }) =>
    updateSignerGroup(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.deleteSignerGroup, ({ ctx, params }) =>
    deleteSignerGroup(ctx, params.id),
  );
};
