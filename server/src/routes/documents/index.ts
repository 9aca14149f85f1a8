import { routes } from '@signet/shared';
import { requestMeta } from '../../http/auth.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { blobStoreFor } from '../../services/documents/blobs.ts';
import { attachmentDisposition } from '../../services/documents/content-disposition.ts';
import { deleteDocument } from '../../services/documents/delete-document.ts';
import { downloadDocument } from '../../services/documents/download-document.ts';
import { getDocument } from '../../services/documents/get-document.ts';
import { getPageImage } from '../../services/documents/page-image.ts';
import { uploadDocument } from '../../services/documents/upload-document.ts';

/** Binary answers are private to the caller and must not be sniffed. */
export function fileResponse(
  bytes: Uint8Array,
  contentType: string,
  fileName: string | null,
  extra: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  };
  if (fileName) headers['Content-Disposition'] = attachmentDisposition(fileName);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** `/v3/documents…`: upload, read, delete, download, page images (spec section 7, Documents). */
export const documentRoutes: RouteModule = (api, deps) => {
  const store = () => blobStoreFor(deps);

  // The body is read by the service (multipart or base64 JSON, with the upload size limit), not
  // by registerRoute's 1 MB JSON reader: the route is registered without its body schema.
  registerRoute(api, deps, { ...routes.uploadDocument, body: undefined }, ({ principal, c }) =>
    uploadDocument(deps.db, store(), deps.config, principal.userId, c.req.raw),
  );

  registerRoute(api, deps, routes.getDocument, ({ principal, params }) =>
    getDocument(deps.db, principal.userId, params.id),
  );

  registerRoute(api, deps, routes.deleteDocument, async ({ principal, params, c }) => {
    await deleteDocument(deps.db, store(), principal.userId, requestMeta(c), params.id);
    return { status: 'ok' as const };
  });

  registerRoute(api, deps, routes.downloadDocument, async ({ principal, params, query, c }) => {
    const file = await downloadDocument(
      deps.db,
      store(),
      principal.userId,
      requestMeta(c),
      params.id,
      query.signed,
    );
    return fileResponse(file.bytes, 'application/pdf', file.fileName);
  });

  registerRoute(api, deps, routes.getDocumentPage, async ({ principal, params, query, c }) => {
    const result = await getPageImage(
      deps.db,
      store(),
      principal.userId,
      params.id,
      params.n,
      query.scale,
    );
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
  });
};
