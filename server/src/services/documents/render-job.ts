import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { isAppError } from '../../errors.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';
import { DEFAULT_RENDER_SCALE } from '../../pdf/limits.ts';
import { type RenderDeps, startRender } from './page-renders.ts';

/** Job kind of page-image renders (handled by {@link renderJobHandlers}). */
export const RENDER_JOB_KIND = 'render';

/** What a render job carries: which PDF (by SHA-256), which page (1-based), which scale. */
export type RenderJobPayload = { sha256: string; page: number; scale?: number };

/** Queues a page-image render in the caller's transaction (done once it commits). */
export async function enqueueRender(tx: DbOrTx, payload: RenderJobPayload): Promise<void> {
  await tx.insert(jobs).values({ kind: RENDER_JOB_KIND, payload });
}

/**
 * The worker's handler for render jobs: pass to `createWorker({ handlers: renderJobHandlers(deps) })`.
 * Renders in the background (after the users waiting for a page); an image already stored or
 * being drawn by another instance is left alone. A page that cannot be drawn fails for good,
 * anything else is retried.
 */
export function renderJobHandlers(deps: RenderDeps): Record<string, JobHandler> {
  return {
    [RENDER_JOB_KIND]: async (job) => {
      const p = job.payload as RenderJobPayload;
      try {
        const state = await startRender(deps, p.sha256, p.page, p.scale ?? DEFAULT_RENDER_SCALE, {
          priority: 'background',
        });
        if (state.kind === 'failed') {
          throw new PermanentJobError(`${state.error.code}: ${state.error.message}`);
        }
        return { status: 'delivered', result: state };
      } catch (e) {
        if (isAppError(e) && e.status < 500) throw new PermanentJobError(`${e.code}: ${e.message}`);
        throw e;
      }
    },
  };
}
