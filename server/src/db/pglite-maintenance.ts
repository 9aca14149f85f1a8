import { sql } from 'drizzle-orm';
import type { Logger } from '../log.ts';
import type { Database } from './client.ts';

/** How often the embedded database is vacuumed and analysed. */
export const PGLITE_VACUUM_INTERVAL_MS = 10 * 60 * 1000;
/** The first run waits this long after start, so it does not compete with start-up traffic. */
export const PGLITE_VACUUM_FIRST_DELAY_MS = 60 * 1000;

/**
 * PGlite runs PostgreSQL in one process without autovacuum: dead rows are never reclaimed, the
 * visibility map is never set (so index-only scans read the table anyway) and planner statistics
 * go stale. This does autovacuum's job for the embedded database: `VACUUM (ANALYZE)` a minute
 * after start and then periodically. A PostgreSQL server does this itself, so it is skipped
 * there. Returns a function that stops the timers.
 */
export function startPgliteMaintenance(
  database: Database,
  log: Logger,
  { firstDelayMs = PGLITE_VACUUM_FIRST_DELAY_MS, intervalMs = PGLITE_VACUUM_INTERVAL_MS } = {},
): () => void {
  if (database.kind !== 'pglite') return () => {};
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= vacuum(database, log).finally(() => {
      running = null;
    });
    return running;
  };
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    void run();
    interval = setInterval(() => void run(), intervalMs);
    interval.unref();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}

/** One `VACUUM (ANALYZE)` of the whole database, logged; failures are logged, never thrown. */
export async function vacuum(database: Database, log: Logger): Promise<void> {
  const started = performance.now();
  try {
    await database.db.execute(sql`vacuum (analyze)`);
    log.debug({ ms: Math.round(performance.now() - started) }, 'database vacuumed');
  } catch (err) {
    log.warn({ err }, 'database vacuum failed; it is retried at the next interval');
  }
}
