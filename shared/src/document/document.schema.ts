import { z } from 'zod';

/**
 * Parameters, queries and results of the document, signing, zip, report and attachment calls
 * (spec section 7, Documents and Signing). The document itself (`ZDocumentSchema`) and the
 * signing payload (`ZSignPayloadSchema`) live in `signature-request.schema.ts`.
 */

const ZId = z.string().min(1).max(64);

/** Page images: scale in percent of the page size in points (spec section 9: default 100). */
export const PAGE_SCALE = { default: 100, min: 10, max: 400 } as const;

/** Defaults of the upload limits (the server reads MAX_UPLOAD_BYTES and MAX_PAGES). */
export const UPLOAD_LIMITS = { maxBytes: 40 * 1024 * 1024, maxPages: 500 } as const;

/** Media types an attachment may have (spec section 9), by file extension. */
export const ATTACHMENT_MEDIA_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  pdf: 'application/pdf',
} as const;
export type TAttachmentExtension = keyof typeof ATTACHMENT_MEDIA_TYPES;

export const ZDocumentIdParamsSchema = z.object({ id: ZId });

/** `GET /v3/documents/{id}/download?signed=`: default the signed version when there is one. */
export const ZDownloadQuerySchema = z.strictObject({
  signed: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
});

/** `GET /v3/documents/{id}/pages/{n}` */
export const ZDocumentPageParamsSchema = z.object({
  id: ZId,
  n: z.coerce.number().int().min(1).max(100_000),
});
/** `?scale=` in percent (default 100). */
export const ZDocumentPageQuerySchema = z.strictObject({
  scale: z.coerce
    .number()
    .int()
    .min(PAGE_SCALE.min)
    .max(PAGE_SCALE.max)
    .default(PAGE_SCALE.default),
});

/** `GET /v3/signature-requests/{id}/report?type=`: the protocol as PDF (default), JSON or HTML. */
export const REPORT_TYPES = ['pdf', 'json', 'html'] as const;
export const ZReportQuerySchema = z.strictObject({ type: z.enum(REPORT_TYPES).default('pdf') });

export const ZAttachmentParamsSchema = z.object({ id: ZId, att: ZId });

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

/** Attachment upload as JSON (API clients); the browser sends multipart field `file`. */
export const ZAttachmentUploadSchema = z.strictObject({
  name: z.string().trim().min(1).max(255),
  content: z.base64().min(4),
});

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

export const ZDocumentOkSchema = z.object({ status: z.literal('ok') });
