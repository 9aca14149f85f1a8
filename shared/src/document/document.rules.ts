import { UPLOAD_LIMITS } from './document.constants.ts';

/**
 * Why a browser turns a chosen file away before sending it (the server checks again, with its
 * configured limit): not a PDF by type or name, or larger than the default upload limit.
 */
export function pdfFileProblem(file: {
  type: string;
  name: string;
  size: number;
}): 'notPdf' | 'tooLarge' | null {
  if (!(file.type === 'application/pdf' || /\.pdf$/i.test(file.name))) return 'notPdf';
  if (file.size > UPLOAD_LIMITS.maxBytes) return 'tooLarge';
  return null;
}
