import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import type { PdfInspection, PreflightOptions } from '../preflight.ts';
import type { RenderedPage } from '../render-page.ts';
import type { MeasureResult } from '../stamp/measure.ts';

/**
 * The jobs a PDF worker runs: the contract between the pool (parent) and its workers (child).
 * To add a kind: name its input and output here, and its handler in handlers.ts.
 */

/**
 * The PDF a job works on. `sha256` identifies it (workers keep parsed documents by it); the
 * bytes come with the job, or as a file the worker reads (a local blob, an upload's temporary
 * file). A job with neither is sent only to a worker that already holds the document; the pool
 * calls the run's `source` loader otherwise.
 */
export type PdfSource = { sha256: string; path?: string; bytes?: Uint8Array };

export type PdfJobs = {
  /** The upload check (preflight.ts): refusals are 4xx AppErrors. */
  preflight: { input: { source: PdfSource; options: PreflightOptions }; output: PdfInspection };
  /** One page image (render-page.ts). */
  render: { input: { source: PdfSource; page: number; scale: number }; output: RenderedPage };
  /** Which parts of one page (0-based) are drawn on, for stamps (stamp/measure.ts). */
  'stamp-space': { input: { source: PdfSource; page: number }; output: MeasureResult };
  /** The public validator's report over any PDF (verify/analyse.ts), against trusted roots (DER). */
  verify: { input: { source: PdfSource; trustedRoots: Uint8Array[] }; output: TVerifyReport };
};

export type PdfJobKind = keyof PdfJobs;
export type PdfJobInput<K extends PdfJobKind> = PdfJobs[K]['input'];
export type PdfJobOutput<K extends PdfJobKind> = PdfJobs[K]['output'];

/** An error as it crosses the process boundary: the fields of an AppError. */
export type WireError = { code: string; status: number; message: string; details?: unknown };

export type ToWorker = { id: number; kind: PdfJobKind; input: unknown };
export type FromWorker =
  | { id: number; ok: true; output: unknown; cached: string[] }
  | { id: number; ok: false; error: WireError; cached: string[] }
  /** Sent once the worker listens: jobs are sent (and timed) from then on. */
  | { ready: true };

/** A worker's answer when a job came without bytes for a document it no longer holds. */
export const NEED_SOURCE = 'NEED_SOURCE';
