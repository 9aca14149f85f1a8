import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, type TJob } from '../db/schema/index.ts';
import type { JobHandler } from './worker.ts';

/** A job that runs every `intervalMs`, one queued at a time across every server instance. */
export type RecurringJob = {
  kind: string;
  intervalMs: number;
  run: (job: TJob) => Promise<unknown>;
};

/**
 * Queues the first run of each recurring job unless one is queued or running: under a
 * transaction-scoped advisory lock, so instances starting together queue it once.
 */
export async function ensureRecurringJobs(
  db: Db,
  recurring: readonly RecurringJob[],
): Promise<void> {
  for (const r of recurring) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring:${r.kind}`}))`);
      const [queued] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, r.kind), inArray(jobs.status, ['pending', 'running'])))
        .limit(1);
      if (!queued) await tx.insert(jobs).values({ kind: r.kind, payload: {} });
    });
  }
}

/**
 * The worker's handlers for recurring jobs: each run queues the next one `intervalMs` later when
 * it succeeds (a failed run is retried by the worker with its backoff, and queues the next when
 * it finally succeeds).
 */
export function recurringHandlers(
  db: Db,
  recurring: readonly RecurringJob[],
): Record<string, JobHandler> {
  return Object.fromEntries(
    recurring.map((r) => [
      r.kind,
      async (job: TJob) => {
        const result = await r.run(job);
        await db
          .insert(jobs)
          .values({ kind: r.kind, payload: {}, runAt: new Date(Date.now() + r.intervalMs) });
        return { status: 'delivered' as const, result: result ?? null };
      },
    ]),
  );
}
