import { AppError } from '../errors.ts';

/**
 * Codes of the PDF errors a user can cause (all 422 with a clear message; never a parser's own
 * message, which says nothing to a user and something to an attacker):
 * - PDF_UNREADABLE: damaged, or not a PDF any viewer would open;
 * - PDF_ENCRYPTED: protected by a password or encrypted;
 * - PDF_NO_PAGES: no page to sign;
 * - PDF_ACTIVE_CONTENT: runs JavaScript, launches programs or acts on opening;
 * - PDF_STREAM_TOO_LARGE: a part of it decompresses to more than the limit (a "zip bomb");
 * - PDF_IMAGE_TOO_LARGE: an image has more pixels than the limit;
 * - PDF_TOO_COMPLEX: a page has too many drawing operations, or reading or drawing it took
 *   more time or memory than a worker may use;
 * - PDF_FIELD_OUTSIDE_PAGE: a signature field placed outside its page.
 */
export type PdfErrorCode =
  | 'PDF_UNREADABLE'
  | 'PDF_ENCRYPTED'
  | 'PDF_NO_PAGES'
  | 'PDF_ACTIVE_CONTENT'
  | 'PDF_STREAM_TOO_LARGE'
  | 'PDF_IMAGE_TOO_LARGE'
  | 'PDF_TOO_COMPLEX'
  | 'PDF_FIELD_OUTSIDE_PAGE';

/** A PDF the user supplied that Signet cannot take; an AppError, so the API answers 422. */
export class PdfError extends AppError {
  override readonly code: PdfErrorCode;

  constructor(code: PdfErrorCode, message: string, details?: unknown) {
    super(code, 422, message, details);
    this.name = 'AppError';
    this.code = code;
  }
}

/** The one answer for a file no parser can read (no internal reason is passed on). */
export const unreadable = (): PdfError =>
  new PdfError('PDF_UNREADABLE', 'The PDF is damaged and cannot be read.');

export const encrypted = (): PdfError =>
  new PdfError(
    'PDF_ENCRYPTED',
    'The PDF is encrypted or protected by a password; upload a copy without protection.',
  );

/** Over a time or memory limit, or too many operators: the same answer to the user. */
export const tooComplex = (details?: Record<string, unknown>): PdfError =>
  new PdfError(
    'PDF_TOO_COMPLEX',
    'The PDF is too complex to process; simplify it (for example print it to a new PDF).',
    details,
  );

/** The page asked for does not exist in this PDF (pages are 1-based). 404 PAGE_NOT_FOUND. */
export class PageOutOfRangeError extends AppError {
  constructor(page: number, pageCount: number) {
    super(
      'PAGE_NOT_FOUND',
      404,
      `Page ${page} does not exist; the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
      { page, pageCount },
    );
  }
}

/** The page is too large to draw at this scale. 422 PAGE_TOO_LARGE; details carry the largest scale that fits. */
export class PageTooLargeError extends AppError {
  constructor(page: number, scale: number, maxScale: number) {
    super('PAGE_TOO_LARGE', 422, `Page ${page} is too large to show at ${scale} %.`, {
      page,
      scale,
      maxScale,
    });
  }
}
