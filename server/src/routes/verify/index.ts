import { routes } from '@signet/shared';
import { requestMeta } from '../../http/auth.ts';
import { readPdfBody } from '../../http/pdf-body.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { verifyDocument } from '../../services/verify/verify-document.ts';

/** `POST /v1/verify`: the public validator (no account). */
export const verifyRoutes: RouteModule = (api, deps) => {
  // Registered without a body schema: the body is the PDF itself (raw or multipart).
  registerRoute(api, deps, { ...routes.verifyPdf, body: undefined }, async ({ c }) =>
    verifyDocument(
      { db: deps.db, config: deps.config, meta: requestMeta(c) },
      await readPdfBody(c.req.raw, deps.config.maxUploadBytes),
    ),
  );
};
