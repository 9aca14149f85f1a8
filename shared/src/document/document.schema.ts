import { z } from 'zod';
import { PAGE_SCALE, REPORT_TYPES } from './document.constants.ts';

export * from './document.constants.ts';

/**
 * Parameters, queries and results of the document, signing, zip, report and attachment calls
 * (spec section 7, Documents and Signing). The document itself (`ZDocumentSchema`) and the
 * signing payload (`ZSignPayloadSchema`) live in `signature-request.schema.ts`.
 */

const ZId = z.string().min(1).max(64);

export const ZDocumentIdParamsSchema = z.object({ id: ZId });
export type TDocumentIdParams = z.infer<typeof ZDocumentIdParamsSchema>;

/** `GET /v3/documents/{id}/download?signed=`: default the signed version when there is one. */
export const ZDownloadQuerySchema = z.strictObject({
  signed: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
});
export type TDownloadQuery = z.infer<typeof ZDownloadQuerySchema>;

/** `GET /v3/documents/{id}/pages/{n}` */
export const ZDocumentPageParamsSchema = z.object({
  id: ZId,
  n: z.coerce.number().int().min(1).max(100_000),
});
export type TDocumentPageParams = z.infer<typeof ZDocumentPageParamsSchema>;
/** `?scale=` in percent (default 100). */
export const ZDocumentPageQuerySchema = z.strictObject({
  scale: z.coerce
    .number()
    .int()
    .min(PAGE_SCALE.min)
    .max(PAGE_SCALE.max)
    .default(PAGE_SCALE.default),
});
export type TDocumentPageQuery = z.infer<typeof ZDocumentPageQuerySchema>;

export const ZReportQuerySchema = z.strictObject({ type: z.enum(REPORT_TYPES).default('pdf') });
export type TReportQuery = z.infer<typeof ZReportQuerySchema>;

export const ZAttachmentParamsSchema = z.object({ id: ZId, att: ZId });
export type TAttachmentParams = z.infer<typeof ZAttachmentParamsSchema>;

/** An attachment of a request (a file besides the PDFs to sign). */
export const ZAttachmentSchema = z.object({
  id: z.string(),
  /** 1-based position in the request (the `{n}` of the download name fallback). */
  n: z.int(),
  name: z.string(),
  content_type: z.string(),
  size: z.int(),
  created_at: z.iso.datetime(),
});
export type TAttachment = z.infer<typeof ZAttachmentSchema>;
export const ZAttachmentListSchema = z.object({ items: z.array(ZAttachmentSchema) });
export type TAttachmentList = z.infer<typeof ZAttachmentListSchema>;

/** Attachment upload as JSON (API clients); the browser sends multipart field `file`. */
export const ZAttachmentUploadSchema = z.strictObject({
  name: z.string().trim().min(1).max(255),
  content: z.base64().min(4),
});
export type TAttachmentUpload = z.infer<typeof ZAttachmentUploadSchema>;

/** The JSON report (`report?type=json`): the request, its documents, signers and the log. */
export const ZReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  status_overall: z.string(),
  owner: z.object({ email: z.string(), name: z.string() }),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
  documents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      page_count: z.int(),
      sha256: z.string(),
      signed_sha256: z.string().nullable(),
    }),
  ),
  signers: z.array(
    z.object({
      email: z.string(),
      name: z.string().nullable(),
      status_code: z.string(),
      signed_at: z.iso.datetime().nullable(),
      quality: z.string(),
    }),
  ),
  observers: z.array(z.string()),
  events: z.array(z.unknown()),
  integrity: z.object({ ok: z.boolean(), count: z.int(), brokenAt: z.int().optional() }),
  generated_at: z.iso.datetime(),
});
export type TReport = z.infer<typeof ZReportSchema>;

/** A binary response (PDF, PNG, ZIP, …); described for OpenAPI, not parsed. */
export const ZBinarySchema = z.custom<Uint8Array>(() => true).describe('binary file');
export type TBinary = z.infer<typeof ZBinarySchema>;

export const ZDocumentOkSchema = z.object({ status: z.literal('ok') });
export type TDocumentOk = z.infer<typeof ZDocumentOkSchema>;
