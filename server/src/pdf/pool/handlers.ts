import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors.ts';
import { preflightPdf } from '../preflight.ts';
import { cachedDocuments, renderPage } from '../render-page.ts';
import { measurePageOccupancy } from '../stamp/measure.ts';
import { NEED_SOURCE, type PdfJobKind, type PdfJobs, type PdfSource } from './jobs.ts';

/** The bytes of a job's PDF: sent along, or read from the file it names. */
async function bytesOf(source: PdfSource): Promise<Uint8Array> {
  if (source.bytes) return source.bytes;
  if (source.path) return new Uint8Array(await readFile(source.path));
  throw new AppError(NEED_SOURCE, 500, 'The worker does not hold this document.');
}

type Handler<K extends PdfJobKind> = (input: PdfJobs[K]['input']) => Promise<PdfJobs[K]['output']>;

/** What a worker does for each job kind (runs in the worker process). */
export const handlers: { [K in PdfJobKind]: Handler<K> } = {
  preflight: async ({ source, options }) => preflightPdf(await bytesOf(source), options),
  render: ({ source, page, scale }) =>
    renderPage(source.sha256, () => bytesOf(source), page, scale),
  'stamp-space': ({ source, page }) =>
    measurePageOccupancy(source.sha256, () => bytesOf(source), page),
  // The validator (pkijs) loads when a worker first verifies.
  verify: async ({ source, trustedRoots }) => {
    const { analysePdf } = await import('../verify/analyse.ts');
    return analysePdf(await bytesOf(source), { trustedRoots });
  },
};

/** The documents this worker holds parsed (reported with every answer). */
export function heldDocuments(): string[] {
  return cachedDocuments();
}
