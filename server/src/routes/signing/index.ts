import { routes } from '@signet/shared';
import { ZAttachmentUploadSchema } from '@signet/shared/document/document.schema';
import { requestMeta } from '../../http/auth.ts';
import { fileResponse } from '../../http/file-response.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { withUpload } from '../../http/upload.ts';
import { deleteAttachment } from '../../services/attachments/delete-attachment.ts';
import { getAttachment, getAttachmentContent } from '../../services/attachments/get-attachment.ts';
import { listAttachments } from '../../services/attachments/list-attachments.ts';
import { uploadAttachment } from '../../services/attachments/upload-attachment.ts';
import { blobStoreFor, pdfPoolFor } from '../../services/documents/blobs.ts';
import { tooLarge } from '../../services/documents/upload-document.ts';
import type { SigningContext } from '../../services/signing/context.ts';
import { getReport } from '../../services/signing/get-report.ts';
import { getZip } from '../../services/signing/get-zip.ts';
import { proceedSigning } from '../../services/signing/proceed-signing.ts';
import { signRequests } from '../../services/signing/sign-batch.ts';

/** `POST /v3/sign`, and a request's zip, report and attachments (spec section 7). */
export const signingRoutes: RouteModule = (api, deps) => {
  const files = (userId: string, c: Parameters<typeof requestMeta>[0]): SigningContext => ({
    db: deps.db,
    blobs: blobStoreFor(deps),
    pdf: pdfPoolFor(deps),
    config: deps.config,
    log: deps.log,
    principal: { userId },
    meta: requestMeta(c),
  });

  registerRoute(api, deps, routes.sign, ({ principal, body, c }) =>
    signRequests({ ...files(principal.userId, c), principal }, body),
  );

  registerRoute(api, deps, routes.proceedSigning, ({ principal, params, body, c }) =>
    proceedSigning(
      { ...files(principal.userId, c), principal },
      params.provider,
      params.id,
      body.pwdotp,
    ),
  );

  registerRoute(api, deps, routes.getSignatureRequestZip, async ({ principal, params, c }) => {
    const file = await getZip(files(principal.userId, c), params.id);
    return fileResponse(file.bytes, file.contentType, file.fileName);
  });

  registerRoute(
    api,
    deps,
    routes.getSignatureRequestReport,
    async ({ principal, params, query, c }) => {
      const out = await getReport(files(principal.userId, c), params.id, query.type);
      if (out.kind === 'json')
        return c.json(out.report, 200, { 'Cache-Control': 'private, no-store' });
      const html = out.file.contentType.startsWith('text/html');
      return fileResponse(out.file.bytes, out.file.contentType, html ? null : out.file.fileName, {
        ...(html
          ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }
          : {}),
      });
    },
  );

  registerRoute(api, deps, routes.listAttachments, ({ principal, params, c }) =>
    listAttachments(files(principal.userId, c), params.id),
  );

  // Registered without its body schema: withUpload streams multipart or base64 JSON with the upload limit.
  registerRoute(
    api,
    deps,
    { ...routes.uploadAttachment, body: undefined },
    ({ principal, params, c }) =>
      uploadAttachment(files(principal.userId, c), params.id, (use) =>
        withUpload(
          c,
          deps.config.dataDir,
          { maxBytes: deps.config.maxUploadBytes, json: ZAttachmentUploadSchema, tooLarge },
          use,
        ),
      ),
  );

  registerRoute(api, deps, routes.getAttachment, ({ principal, params, c }) =>
    getAttachment(files(principal.userId, c), params.id, params.att),
  );

  registerRoute(api, deps, routes.deleteAttachment, async ({ principal, params, c }) => {
    await deleteAttachment(files(principal.userId, c), params.id, params.att);
    return { status: 'ok' as const };
  });

  registerRoute(api, deps, routes.getAttachmentContent, async ({ principal, params, c }) => {
    const file = await getAttachmentContent(files(principal.userId, c), params.id, params.att);
    // Uploaded files (an SVG may hold script) never run in our origin.
    return fileResponse(file.bytes, file.contentType, file.fileName, {
      'Content-Security-Policy': 'sandbox',
    });
  });
};
