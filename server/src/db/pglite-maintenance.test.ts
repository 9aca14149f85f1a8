import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { openTestDatabase } from '../testing/database.ts';
import { startPgliteMaintenance, vacuum } from './pglite-maintenance.ts';

const log = createLogger({ logLevel: 'silent' });

async function allVisiblePages(db: Awaited<ReturnType<typeof openTestDatabase>>['db']) {
  const result = await db.execute(
    sql`select relallvisible from pg_class where relname = 'maintenance_probe'`,
  );
  return Number(
    (result as unknown as { rows: { relallvisible: number }[] }).rows[0]?.relallvisible,
  );
}

// The loop exists for the embedded database only. On a PostgreSQL test cluster, other test
// databases' transactions hold back the visibility horizon, so there is nothing stable to observe.
describe.runIf(!process.env.TEST_DATABASE_URL)('PGlite maintenance', () => {
  it('vacuums: the visibility map is set, so index-only scans can skip the table', async () => {
    const database = await openTestDatabase();
    try {
      await database.db.execute(sql`create table maintenance_probe (id int primary key, v text)`);
      await database.db.execute(
        sql`insert into maintenance_probe select i, md5(i::text) from generate_series(1, 5000) i`,
      );
      expect(await allVisiblePages(database.db)).toBe(0);
      await vacuum(database, log);
      expect(await allVisiblePages(database.db)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('vacuums the embedded database on its timer', async () => {
    const database = await openTestDatabase();
    try {
      await database.db.execute(sql`create table maintenance_probe (id int primary key)`);
      await database.db.execute(
        sql`insert into maintenance_probe select i from generate_series(1, 5000) i`,
      );
      const stop = startPgliteMaintenance(database, log, {
        firstDelayMs: 10,
        intervalMs: 60_000,
      });
      // Give the first run the time it needs on a small table.
      await new Promise((r) => setTimeout(r, 600));
      stop();
      expect(database.kind).toBe('pglite');
      expect(await allVisiblePages(database.db)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
