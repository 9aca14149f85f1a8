import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database.ts';
import { type Database, openDatabase } from './client.ts';
import * as schema from './schema/index.ts';

const tables = (Object.values(schema) as unknown[]).filter(
  (v): v is PgTable => v instanceof PgTable,
);

async function columnsIn(database: Database): Promise<Map<string, Set<string>>> {
  const result = await database.db.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!map.has(r.table_name)) map.set(r.table_name, new Set());
    map.get(r.table_name)?.add(r.column_name);
  }
  return map;
}

async function expectSchemaMatches(database: Database) {
  const actual = await columnsIn(database);
  expect(tables.length).toBeGreaterThan(1);
  for (const table of tables) {
    const config = getTableConfig(table);
    const columns = actual.get(config.name);
    expect(
      columns,
      `table ${config.name} is missing: run pnpm --filter @signet/server db:generate`,
    ).toBeDefined();
    for (const column of config.columns) {
      expect(columns?.has(column.name), `column ${config.name}.${column.name} is missing`).toBe(
        true,
      );
    }
  }
}

describe('migrations', () => {
  // The PGlite-only and database-free checks run once, in the PGlite run of the suite.
  const pgliteRun = !process.env.TEST_DATABASE_URL;

  it.runIf(pgliteRun)(
    'create every table and column of the schema on PGlite, starting from nothing',
    async () => {
      // No template: the migrator itself runs every migration on a new cluster.
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const { migrationsFolder, pgliteExtensions } = await import('./client.ts');
      const client = new PGlite({ extensions: await pgliteExtensions() });
      const db = drizzle({ client, casing: 'snake_case' });
      await migrate(db, { migrationsFolder });
      await expectSchemaMatches({ db: db as never, kind: 'pglite', close: () => client.close() });
      // Applying again changes nothing.
      await migrate(db, { migrationsFolder });
      await client.close();
    },
  );

  it('create every table on the test database (PostgreSQL when TEST_DATABASE_URL is set)', async () => {
    const database = await openTestDatabase();
    try {
      expect(database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
      await expectSchemaMatches(database);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'apply on an empty PostgreSQL database, then again without changes',
    async () => {
      // Not from the template the other tests copy: the migrator runs every migration here.
      const database = await openTestDatabase(process.env, { fromScratch: true });
      try {
        const url = (database as { url?: string }).url as string;
        const again = await openDatabase({ url });
        await expectSchemaMatches(again);
        await again.close();
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(pgliteRun)(
    'are in sync with the schema: drizzle-kit generate finds nothing to do',
    async () => {
      const { cpSync, mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
      const { execFileSync } = await import('node:child_process');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const { fileURLToPath } = await import('node:url');
      const { migrationsFolder } = await import('./client.ts');
      const dir = mkdtempSync(join(tmpdir(), 'signet-drizzle-'));
      try {
        cpSync(migrationsFolder, join(dir, 'migrations'), { recursive: true });
        const schemaFile = fileURLToPath(new URL('./schema/index.ts', import.meta.url));
        writeFileSync(
          join(dir, 'drizzle.config.json'),
          JSON.stringify({
            dialect: 'postgresql',
            schema: schemaFile,
            out: join(dir, 'migrations'),
            casing: 'snake_case',
          }),
        );
        const bin = fileURLToPath(new URL('../../node_modules/.bin/drizzle-kit', import.meta.url));
        // drizzle-kit prefixes `out` with "./": from / an absolute path stays what it is.
        const out = execFileSync(bin, ['generate', '--config', join(dir, 'drizzle.config.json')], {
          cwd: '/',
          encoding: 'utf8',
        });
        expect(out, 'run: pnpm --filter @signet/server db:generate').toMatch(/No schema changes/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(pgliteRun)(
    'keep a PGlite data directory across restarts and refuse a second process',
    async () => {
      const { mkdtempSync, rmSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const dir = mkdtempSync(join(tmpdir(), 'signet-db-'));
      try {
        const first = await openDatabase({ dataDir: dir });
        await first.db.execute(sql`insert into maintenance (id, status) values (1, 'scheduled')`);
        await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
        await first.close();
        const second = await openDatabase({ dataDir: dir });
        const r = await second.db.execute(sql`select status from maintenance`);
        expect((r as unknown as { rows: { status: string }[] }).rows).toEqual([
          { status: 'scheduled' },
        ]);
        await second.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
