import { routes } from '@signet/shared';
import { fileResponse } from '../../http/file-response.ts';
import { readSignatureImageBody } from '../../http/image-body.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { deleteVisualSignature } from '../../services/visual-signatures/delete-visual-signature.ts';
import {
  previewUnsavedVisualSignature,
  previewVisualSignature,
} from '../../services/visual-signatures/preview-visual-signature.ts';
import {
  getDefaultVisualSignature,
  getVisualSignature,
  listVisualSignatures,
} from '../../services/visual-signatures/read-visual-signatures.ts';
import {
  createVisualSignature,
  updateVisualSignature,
} from '../../services/visual-signatures/save-visual-signature.ts';
import {
  deleteSignatureImage,
  getSignatureImage,
  uploadSignatureImage,
} from '../../services/visual-signatures/signature-image.ts';

const png = (bytes: Uint8Array) => fileResponse(bytes, 'image/png', null);

/** Visual signatures and their images (spec section 7, Visual signatures). */
export const visualSignatureRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.listVisualSignatures, ({ ctx }) => listVisualSignatures(ctx));
  registerRoute(api, deps, routes.createVisualSignature, ({ ctx, body }) =>
    createVisualSignature(ctx, body),
  );
  registerRoute(api, deps, routes.getDefaultVisualSignature, ({ ctx }) =>
    getDefaultVisualSignature(ctx),
  );
  registerRoute(api, deps, routes.getVisualSignature, ({ ctx, params }) =>
    getVisualSignature(ctx, params.id),
  );
  registerRoute(api, deps, routes.updateVisualSignature, ({ ctx, params, body }) =>
    updateVisualSignature(ctx, params.id, body),
  );
  registerRoute(api, deps, routes.deleteVisualSignature, ({ ctx, params }) =>
    deleteVisualSignature(ctx, params.id),
  );
  registerRoute(api, deps, routes.previewVisualSignature, async ({ ctx, query }) =>
    png(await previewVisualSignature(ctx, query.id)),
  );
  registerRoute(api, deps, routes.previewUnsavedVisualSignature, async ({ ctx, body }) =>
    png(await previewUnsavedVisualSignature(ctx, body)),
  );
  // Registered without a body schema: the image is read raw or as multipart, with its limit.
  registerRoute(
    api,
    deps,
    { ...routes.uploadSignatureImage, body: undefined },
    async ({ ctx, params, c }) =>
      uploadSignatureImage(ctx, params.id, await readSignatureImageBody(c.req.raw)),
  );
  registerRoute(api, deps, routes.getSignatureImage, async ({ ctx, params }) =>
    png(await getSignatureImage(ctx, params.id)),
  );
  registerRoute(api, deps, routes.deleteSignatureImage, ({ ctx, params }) =>
    deleteSignatureImage(ctx, params.id),
  );
};
