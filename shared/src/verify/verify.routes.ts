import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZVerifyReportSchema } from './verify.schema.ts';

/** Public verification (no account): the `/verify` page and machines call the same endpoint. */
export const verifyRoutes = {
  verifyPdf: defineRoute({
    ...ENDPOINTS.verifyPdf,
    summary:
      'Verify the signatures of any PDF (body: the PDF, application/pdf or multipart `file`)',
    description:
      "Signet's own validator: per signature the signer, certificate chain, digest, time stamp, revocation, PAdES level and whether the file changed after it. Nothing is stored. Not a PDF: 415 NOT_A_PDF; too large: 413 DOCUMENT_TOO_LARGE; encrypted or unreadable: 422 PDF_ENCRYPTED / PDF_UNREADABLE; too many calls: 429 RATE_LIMITED.",
    tags: ['verify'],
    response: ZVerifyReportSchema,
  }),
} as const;
