import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { isAppError } from '../../errors.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';
// render.ts (pdfjs, canvas) loads on the first job, off the server's start-up path.
import type { BlobStore } from '../../storage/blob-store.ts';

/** Job kind of page-image renders (handled by {@link renderJobHandlers}). */
export const RENDER_JOB_KIND = 'render';

/** What a render job carries: which PDF (by SHA-256), which page (1-based), which scale. */
export type RenderJobPayload = { sha256: string; page: number; scale?: number };

/** Queues a page-image render in the caller's transaction (done once it commits). */
export async function enqueueRender(tx: DbOrTx, payload: RenderJobPayload): Promise<void> {
  await tx.insert(jobs).values({ kind: RENDER_JOB_KIND, payload });
}

/**
 * The worker's handler for render jobs: pass to `createWorker({ handlers: renderJobHandlers(blobs) })`.
 * A render is idempotent (an image already stored is kept); a page that cannot be drawn (4xx)
 * fails for good, anything else is retried.
 */
export function renderJobHandlers(store: BlobStore): Record<string, JobHandler> {
  return {
    [RENDER_JOB_KIND]: async (job) => {
      const p = job.payload as RenderJobPayload;
      try {
        const { DEFAULT_SCALE, renderAndStore } = await import('../../pdf/render.ts');
        const key = await renderAndStore(store, p.sha256, p.page, p.scale ?? DEFAULT_SCALE);
        return { status: 'delivered', result: { key } };
      } catch (e) {
        if (isAppError(e) && e.status < 500) throw new PermanentJobError(`${e.code}: ${e.message}`);
        throw e;
      }
    },
  };
}
