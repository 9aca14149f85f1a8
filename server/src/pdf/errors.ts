import { AppError } from '../errors.ts';

/** Codes of the PDF errors a user can cause (all map to 422 with a clear message). */
export type PdfErrorCode =
  | 'PDF_UNREADABLE'
  | 'PDF_ENCRYPTED'
  | 'PDF_NO_PAGES'
  | 'PDF_FIELD_OUTSIDE_PAGE';

/** A PDF the user supplied that Signet cannot sign; an AppError, so the API answers 422. */
export class PdfError extends AppError {
  override readonly code: PdfErrorCode;

  constructor(code: PdfErrorCode, message: string, details?: unknown) {
    super(code, 422, message, details);
    this.name = 'AppError';
    this.code = code;
  }
}
