import { parentPort } from 'node:worker_threads';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import { serveThreadCalls } from '../../threads/thread-call.ts';
import { analysePdf } from './analyse.ts';

/** Parses and checks untrusted PDFs for `/verify`, off the event loop and within limits. */
export type VerifyJob = { bytes: Uint8Array; trustedRoots: Uint8Array[] };

serveThreadCalls<VerifyJob, TVerifyReport>(parentPort, ({ bytes, trustedRoots }) =>
  analysePdf(bytes, { trustedRoots }),
);
