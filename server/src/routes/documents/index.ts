import { routes } from '@signet/shared';
import { ZDocumentUploadSchema } from '@signet/shared/signature-request/signature-request.schema';
import type { Context } from 'hono';
import { fileResponse } from '../../http/file-response.ts';
import { Limiter } from '../../http/limiter.ts';
import { registerRoute } from '../../http/register.ts';
import type { AppEnv, RouteModule } from '../../http/types.ts';
import { withUpload } from '../../http/upload.ts';
import { assertUploadAllowed } from '../../services/billing/user-plan.ts';
import { deleteDocument } from '../../services/documents/delete-document.ts';
import { downloadDocument } from '../../services/documents/download-document.ts';
import { getDocument } from '../../services/documents/get-document.ts';
import { getPageImage, type PageImageResult } from '../../services/documents/page-image.ts';
import {
  requirePdfHead,
  tooLarge,
  uploadDocument,
} from '../../services/documents/upload-document.ts';

/** `/v3/documents…`: upload, read, delete, download, page images (spec section 7, Documents). */
export const documentRoutes: RouteModule = (api, deps) => {
  const uploads = new Limiter(deps.config.maxConcurrentUploads);

  // The body is streamed by withUpload (multipart or base64 JSON, with the upload size limit),
  // not by registerRoute's 1 MB JSON reader: the route is registered without its body schema.
  // The plan is checked before the body is read: the new free plan stores nothing.
  registerRoute(api, deps, { ...routes.uploadDocument, body: undefined }, async ({ ctx, c }) => {
    await assertUploadAllowed(ctx.db, ctx.principal.userId);
    return uploads.run(() =>
      withUpload(
        c,
        deps.config.dataDir,
        {
          maxBytes: deps.config.maxUploadBytes,
          json: ZDocumentUploadSchema,
          tooLarge,
          checkHead: requirePdfHead,
        },
        (upload) => uploadDocument(ctx, ctx.principal.userId, upload),
      ),
    );
  });

  registerRoute(api, deps, routes.getDocument, ({ ctx, params }) => getDocument(ctx, params.id));

  registerRoute(api, deps, routes.deleteDocument, ({ ctx, params }) =>
    deleteDocument(ctx, params.id),
  );

  registerRoute(api, deps, routes.downloadDocument, async ({ ctx, params, query }) => {
    const file = await downloadDocument(ctx, params.id, query.signed);
    return fileResponse(file.bytes, 'application/pdf', file.fileName);
  });

  registerRoute(api, deps, routes.getDocumentPage, async ({ ctx, params, query, c }) =>
    pageImageResponse(
      c,
      await getPageImage(ctx, ctx.principal.userId, params.id, params.n, query.scale),
    ),
  );
};

/**
 * A page image as HTTP: the PNG (304 when the client has it), or 503 RENDERING with
 * Retry-After while it is being drawn.
 */
export function pageImageResponse(c: Context<AppEnv>, result: PageImageResult): Response {
  if (result.kind === 'rendering') {
    return c.json(
      {
        code: 'RENDERING',
        message: 'The page image is being prepared; try again shortly.',
        details: { retryAfter: result.retryAfterSeconds },
      },
      503,
      { 'Retry-After': String(result.retryAfterSeconds), 'Cache-Control': 'no-store' },
    );
  }
  if (c.req.header('if-none-match') === result.etag) {
    return new Response(null, {
      status: 304,
      headers: { ETag: result.etag, 'Cache-Control': 'private, max-age=300' },
    });
  }
  return fileResponse(result.png, 'image/png', null, {
    ETag: result.etag,
    'Cache-Control': 'private, max-age=300',
  });
}
