import { routes } from '@signet/shared';
import { fileResponse } from '../../http/file-response.ts';
import { readSignatureImageBody } from '../../http/image-body.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  changeSealMembers,
  getSeal,
  listSeals,
  putSeal,
} from '../../services/seals/manage-seals.ts';
import { deleteSealImage, getSealImage, uploadSealImage } from '../../services/seals/seal-image.ts';

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
  // The body is the image itself (or a multipart `file`), read with its limit here.
  registerRoute(
    api,
    deps,
    { ...routes.uploadSealImage, body: undefined },
    async ({ ctx, params, c }) =>
      uploadSealImage(ctx, params.id, params.seal, await readSignatureImageBody(c.req.raw)),
  );
  registerRoute(api, deps, routes.getSealImage, async ({ ctx, params }) =>
    fileResponse(await getSealImage(ctx, params.id, params.seal), 'image/png', null),
  );
  registerRoute(api, deps, routes.deleteSealImage, ({ ctx, params }) =>
    deleteSealImage(ctx, params.id, params.seal),
  );
};
