import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import {
  ZDocumentSchema,
  ZDocumentUploadSchema,
  ZRequestIdParamsSchema,
  ZSignBatchSchema,
  ZSignResultSchema,
} from '../signature-request/signature-request.schema.ts';
import {
  ZAttachmentListSchema,
  ZAttachmentParamsSchema,
  ZAttachmentSchema,
  ZAttachmentUploadSchema,
  ZBinarySchema,
  ZDocumentIdParamsSchema,
  ZDocumentOkSchema,
  ZDocumentPageParamsSchema,
  ZDocumentPageQuerySchema,
  ZDownloadQuerySchema,
  ZReportQuerySchema,
} from './document.schema.ts';

const tags = ['documents'] as const;
const VISIBLE =
  'Visible to the owner and to every participant of a request carrying it; anyone else gets 404 NOT_FOUND.';

/**
 * The document calls of spec section 7 (Documents). Binary answers (PDF, PNG) are not JSON:
 * their `response` only describes them.
 */
export const documentRoutes = {
  uploadDocument: defineRoute({
    ...ENDPOINTS.uploadDocument,
    summary:
      'Upload a PDF (multipart field `file`, one file per call; or JSON `{ title, content }` in base64)',
    description:
      'Refused with nothing stored: not a PDF (415 NOT_A_PDF), larger than MAX_UPLOAD_BYTES (413 DOCUMENT_TOO_LARGE), more than MAX_PAGES pages (422 TOO_MANY_PAGES), encrypted (422 PDF_ENCRYPTED), damaged (422 PDF_UNREADABLE).',
    tags,
    body: ZDocumentUploadSchema,
    response: ZDocumentSchema,
    status: 201,
  }),
  getDocument: defineRoute({
    ...ENDPOINTS.getDocument,
    summary: 'One document',
    description: VISIBLE,
    tags,
    params: ZDocumentIdParamsSchema,
    response: ZDocumentSchema,
  }),
  deleteDocument: defineRoute({
    ...ENDPOINTS.deleteDocument,
    summary: 'Delete a document (owner; 409 DOCUMENT_IN_USE while a sent request carries it)',
    tags,
    params: ZDocumentIdParamsSchema,
    response: ZDocumentOkSchema,
  }),
  downloadDocument: defineRoute({
    ...ENDPOINTS.downloadDocument,
    summary:
      'The PDF: the signed version by default when there is one (`signed=false`: the original)',
    description: `application/pdf; file name from the title, else "{id}.pdf". Logged as "downloaded" on every request carrying it. ${VISIBLE}`,
    tags,
    params: ZDocumentIdParamsSchema,
    query: ZDownloadQuerySchema,
    response: ZBinarySchema,
  }),
  getDocumentPage: defineRoute({
    ...ENDPOINTS.getDocumentPage,
    summary: 'Image (PNG) of page n (1-based) at `scale` percent (default 100)',
    description:
      'While the image is being rendered: 503 RENDERING with Retry-After (seconds); retry then. A page that cannot be drawn ends in a 4xx (PAGE_NOT_FOUND, PAGE_TOO_LARGE, PDF_UNREADABLE).',
    tags,
    params: ZDocumentPageParamsSchema,
    query: ZDocumentPageQuerySchema,
    response: ZBinarySchema,
  }),
  getSignatureRequestZip: defineRoute({
    ...ENDPOINTS.getSignatureRequestZip,
    summary: 'ZIP of the (signed) documents, with the signed protocol once the request is complete',
    description: 'application/zip, file name "{id}.zip". Strangers get 404.',
    tags: ['signature-requests'],
    params: ZRequestIdParamsSchema,
    response: ZBinarySchema,
  }),
  getSignatureRequestReport: defineRoute({
    ...ENDPOINTS.getSignatureRequestReport,
    summary:
      'The protocol (signature report) built from the evidence log: pdf (signed by the platform), json or html',
    description: 'PDF file name "{id}_protocol.pdf". Strangers get 404.',
    tags: ['signature-requests'],
    params: ZRequestIdParamsSchema,
    query: ZReportQuerySchema,
    response: ZBinarySchema,
  }),
  listAttachments: defineRoute({
    ...ENDPOINTS.listAttachments,
    summary: 'The attachments of a request',
    tags: ['signature-requests'],
    params: ZRequestIdParamsSchema,
    response: ZAttachmentListSchema,
  }),
  uploadAttachment: defineRoute({
    ...ENDPOINTS.uploadAttachment,
    summary: 'Attach a file (owner; multipart field `file` or JSON `{ name, content }`)',
    description:
      'Media types: jpg, png, gif, webp, svg, mp4, avi, mov, mkv, pdf (415 UNSUPPORTED_MEDIA_TYPE otherwise); at most MAX_UPLOAD_BYTES.',
    tags: ['signature-requests'],
    params: ZRequestIdParamsSchema,
    body: ZAttachmentUploadSchema,
    response: ZAttachmentSchema,
    status: 201,
  }),
  getAttachment: defineRoute({
    ...ENDPOINTS.getAttachment,
    summary: 'One attachment',
    tags: ['signature-requests'],
    params: ZAttachmentParamsSchema,
    response: ZAttachmentSchema,
  }),
  deleteAttachment: defineRoute({
    ...ENDPOINTS.deleteAttachment,
    summary: 'Remove an attachment (owner)',
    tags: ['signature-requests'],
    params: ZAttachmentParamsSchema,
    response: ZDocumentOkSchema,
  }),
  getAttachmentContent: defineRoute({
    ...ENDPOINTS.getAttachmentContent,
    summary: 'The attachment file (name, else "{id}_attachment-{n}.{ext}")',
    tags: ['signature-requests'],
    params: ZAttachmentParamsSchema,
    response: ZBinarySchema,
  }),
};

/** `POST /v3/sign` (spec section 7, Signing). */
export const signingRoutes = {
  sign: defineRoute({
    ...ENDPOINTS.sign,
    summary: 'Sign one or more requests (a batch); one result per entry',
    description:
      'Each entry is signed in its own transaction: a PAdES B-B signature per document, appended as an incremental update; the visual signature goes where documentSignatures (or the signer’s document_signatures) say, else bottom-right of the last page. A refused entry is reported in its result (`ok: false`, `code`, `message`) while the others are signed; when no entry could be signed the call fails with the first entry’s status and code (404 NOT_FOUND, 409 NOT_YOUR_TURN, …) and every result in `details.results`.',
    tags: ['signing'],
    body: ZSignBatchSchema,
    response: ZSignResultSchema,
  }),
};
