import { AppError } from '../errors.ts';
import { findActiveContent } from './active-content.ts';
import { type ComplexityLimits, checkComplexity, DEFAULT_COMPLEXITY_LIMITS } from './complexity.ts';
import { PdfError, unreadable } from './errors.ts';
import { loadPdf, signatureCount } from './inspect.ts';
import { looksLikePdf } from './magic.ts';
import { declaredPageCount, pdfText } from './trailer.ts';

/** What an upload is checked against (MAX_PAGES, ALLOW_ACTIVE_CONTENT, the caps). */
export type PreflightOptions = {
  maxPages: number;
  allowActiveContent: boolean;
  limits?: ComplexityLimits;
};

/** What Signet keeps of an accepted PDF. */
export type PdfInspection = {
  pages: number;
  title?: string;
  /** Header version, e.g. "1.7". */
  version: string;
  /** Signatures already in the file. */
  signatures: number;
};

const tooManyPages = (pages: number, limit: number) =>
  new AppError('TOO_MANY_PAGES', 422, `The PDF has ${pages} pages; at most ${limit} are allowed.`, {
    pages,
    limit,
  });

/**
 * The upload check of an untrusted PDF, run in a worker (pool/). In order, each refusal a 4xx
 * with nothing stored: not a PDF (415 NOT_A_PDF); encrypted (422 PDF_ENCRYPTED); unreadable
 * (422 PDF_UNREADABLE); no pages (422 PDF_NO_PAGES); too many pages (422 TOO_MANY_PAGES);
 * active content unless allowed (422 PDF_ACTIVE_CONTENT); over a cap of complexity.ts (422
 * PDF_STREAM_TOO_LARGE, PDF_IMAGE_TOO_LARGE, PDF_TOO_COMPLEX).
 */
export async function preflightPdf(
  bytes: Uint8Array,
  options: PreflightOptions,
): Promise<PdfInspection> {
  if (bytes.byteLength < 5 || !looksLikePdf(bytes)) {
    throw new AppError('NOT_A_PDF', 415, 'The file is not a PDF (it does not start with %PDF-).');
  }
  // A file declaring far too many pages is refused before a parser builds them all.
  const declared = declaredPageCount(pdfText(bytes));
  if (declared !== null && declared > options.maxPages)
    throw tooManyPages(declared, options.maxPages);
  const doc = await loadPdf(bytes);
  const pages = doc.getPageCount();
  if (pages > options.maxPages) throw tooManyPages(pages, options.maxPages);
  try {
    if (!options.allowActiveContent) {
      const found = findActiveContent(doc);
      if (found.length > 0) {
        throw new PdfError(
          'PDF_ACTIVE_CONTENT',
          'The PDF contains JavaScript or actions that run when it is opened; Signet does not accept them. Remove them (for example print it to a new PDF) and upload it again.',
          { actions: [...new Set(found.map((f) => f.action))], where: found.map((f) => f.where) },
        );
      }
    }
    checkComplexity(doc, options.limits ?? DEFAULT_COMPLEXITY_LIMITS);
    const title = doc.getTitle();
    return {
      pages,
      ...(title ? { title } : {}),
      version: doc.version,
      signatures: signatureCount(doc),
    };
  } catch (e) {
    // Our own refusals pass; a parser throwing on a broken object deep inside is "unreadable".
    if (e instanceof AppError) throw e;
    throw unreadable();
  }
}
