import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import { threadCall } from '../../threads/thread-call.ts';
import type { VerifyJob } from './verify.worker.ts';

/**
 * The verify thread: one worker with a memory limit, and a time limit per PDF (a PDF that takes
 * longer ends the thread; the next call gets a fresh one). When the PDF worker pool of the
 * upload path lands, `verifyPdf` moves onto it: its signature stays.
 */
const run = threadCall<VerifyJob, TVerifyReport>(new URL('./verify.worker.ts', import.meta.url), {
  resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
  timeoutMs: 30_000,
});

/** The validator's report over `bytes` (the PDF is copied to the thread; the caller keeps it). */
export function verifyPdf(bytes: Uint8Array, trustedRoots: Uint8Array[]): Promise<TVerifyReport> {
  return run({ bytes, trustedRoots });
}
