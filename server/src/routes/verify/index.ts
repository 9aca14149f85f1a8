import { routes } from '@signet/shared';
import { requestMeta } from '../../http/auth.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { withUpload } from '../../http/upload.ts';
import { pdfPoolFor } from '../../services/documents/blobs.ts';
import { requirePdfHead, tooLarge } from '../../services/documents/upload-document.ts';
import { verifyDocument } from '../../services/verify/verify-document.ts';

/** `POST /v1/verify`: the public validator (no account). */
export const verifyRoutes: RouteModule = (api, deps) => {
  // Registered without a body schema: the body is the PDF itself (raw or multipart `file`).
  registerRoute(api, deps, { ...routes.verifyPdf, body: undefined }, async ({ c }) =>
    verifyDocument(
      { db: deps.db, config: deps.config, meta: requestMeta(c), pdf: pdfPoolFor(deps) },
      (use) =>
        withUpload(
          c,
          deps.config.dataDir,
          { maxBytes: deps.config.maxUploadBytes, raw: true, tooLarge, checkHead: requirePdfHead },
          use,
        ),
    ),
  );
};
