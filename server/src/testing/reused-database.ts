import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Database, type Db, DRIZZLE_OPTIONS } from '../db/client.ts';
import { rowsOf } from '../evidence/db-row.ts';
import { openTestDatabase } from './database.ts';

export type ReusedTestDatabase = {
  /**
   * The database as a new one is: every row a test wrote is deleted (the rows the migrations
   * put in stay), behind a new `Db` object, so what the app keeps per `Db` (the platform CA,
   * CRLs) starts empty as on a new database. Closing it closes nothing; `close` below does.
   */
  fresh: () => Promise<Database>;
  close: () => Promise<void>;
};

/**
 * One test database for a file whose tests each want a new one (counting rows, limits per
 * address or IP): opening PGlite costs about a second of CPU per test, emptying the tables a few
 * milliseconds. Tables empty after the migrations are emptied again by `fresh()`, in one
 * statement with `session_replication_role = replica` (the test role is a superuser), so that
 * neither foreign keys nor the evidence log's append-only trigger stand in the way; nothing
 * else runs in that mode.
 */
export async function openReusedTestDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<ReusedTestDatabase> {
  const database = await openTestDatabase(env);
  const tables = rowsOf(
    await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    ),
  ).map((r) => String(r.tablename));
  const seeded = new Set<string>();
  for (const table of tables) {
    const [row] = rowsOf(
      await database.db.execute(sql`select exists(select 1 from ${sql.identifier(table)}) as e`),
    );
    if (row?.e) seeded.add(table);
  }
  const deletes = tables
    .filter((table) => !seeded.has(table))
    .map((table) => `delete from "${table}";`)
    .join(' ');
  const empty = sql.raw(`do $$ begin ${deletes} end $$`);
  const client = (database.db as unknown as { $client: unknown }).$client;
  const handle = async (): Promise<Db> => {
    if (database.kind === 'postgres') {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      return drizzle({ client: client as never, ...DRIZZLE_OPTIONS }) as unknown as Db;
    }
    const { drizzle } = await import('drizzle-orm/pglite');
    return drizzle({ client: client as never, ...DRIZZLE_OPTIONS }) as unknown as Db;
  };
  let used = false;
  return {
    async fresh() {
      if (used) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(empty);
        });
      }
      used = true;
      return { db: await handle(), kind: database.kind, close: async () => {} };
    },
    close: () => database.close(),
  };
}

/**
 * For a test file: one reused database, opened before its tests and closed after them (the
 * hooks are registered here). Returns what gives each test its emptied database:
 *
 * @example
 * const freshDatabase = reuseTestDatabase();
 * beforeEach(async () => {
 *   t = await createTestApp({ database: await freshDatabase() });
 * });
 */
export function reuseTestDatabase(): () => Promise<Database> {
  let databases: ReusedTestDatabase | undefined;
  beforeAll(async () => {
    databases = await openReusedTestDatabase();
  });
  afterAll(async () => {
    await databases?.close();
  });
  return () => {
    if (!databases) throw new Error('reuseTestDatabase: call it at the top of the test file');
    return databases.fresh();
  };
}
