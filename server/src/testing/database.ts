import { randomBytes } from 'node:crypto';
import { type Database, migrationsFolder, openDatabase } from '../db/client.ts';
import { migrationsHash } from '../db/pglite-template.ts';

type PgModule = typeof import('pg').default;

/**
 * The migrated template every PostgreSQL test database is copied from (`CREATE DATABASE …
 * TEMPLATE`), named after the migration files: a copy costs a fraction of running every
 * migration on each new database. The migrator still runs at open and finds nothing to do;
 * `migrations.test.ts` runs the migrations on an empty PostgreSQL database.
 */
export function postgresTemplateName(): string {
  return `signet_template_${migrationsHash(migrationsFolder)}`;
}

/** Advisory-lock key under which one process builds the template (any constant). */
const TEMPLATE_LOCK = 7_412_907_002;

async function withAdmin<T>(
  pg: PgModule,
  url: string,
  work: (admin: import('pg').Client) => Promise<T>,
) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Runs a statement that needs a database nobody is connected to, retrying while a pool we just
 * closed is still closing its connections (55006 object_in_use).
 */
async function whileInUse(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 100) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Makes sure the template of the current migrations exists on the server (built under an
 * advisory lock, so test workers starting together build it once; built under another name and
 * renamed, so no one copies a half-migrated template), and drops templates of other migrations.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = postgresTemplateName();
  return withAdmin(pg, serverUrl, async (admin) => {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      await admin.query(`CREATE DATABASE "${building}"`);
      // Two connections: the migrator holds one for its advisory lock and migrates on another.
      const database = await openDatabase({ url: databaseUrl(serverUrl, building), poolSize: 2 });
      await database.close();
      await whileInUse(() => admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
      const old = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'signet\\_template\\_%' and datname <> $1`,
        [name],
      );
      for (const { datname } of old.rows) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}"`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** The template per server, looked up once per process (not an admin connection per test). */
const templates = new Map<string, Promise<string>>();
function templateOf(serverUrl: string): Promise<string> {
  let known = templates.get(serverUrl);
  if (!known) {
    known = ensurePostgresTemplate(serverUrl);
    known.catch(() => templates.delete(serverUrl));
    templates.set(serverUrl, known);
  }
  return known;
}

/**
 * A fresh, migrated database for one test: in-memory PGlite, or — when `TEST_DATABASE_URL` is
 * set — a new uniquely named database on that PostgreSQL server, copied from the migrated
 * template (or empty and migrated from nothing with `fromScratch`), dropped on close.
 */
export async function openTestDatabase(
  env: Record<string, string | undefined> = process.env,
  options: { fromScratch?: boolean } = {},
): Promise<Database & { url?: string }> {
  const serverUrl = env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true });

  const { default: pg } = await import('pg');
  const template = options.fromScratch ? null : await templateOf(serverUrl);
  const name = `signet_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // A copy waits while the template still has a connection (its builder closing its pool).
  await withAdmin(pg, serverUrl, (admin) =>
    whileInUse(() =>
      admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
    ),
  );
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url, poolSize: 4 });
  return {
    ...database,
    kind: 'postgres',
    url,
    close: async () => {
      await database.close();
      // Not WITH (FORCE): that terminates connections the pool is still closing, and pg reports
      // the termination as an uncaught error. Retry while the server finishes closing them.
      await withAdmin(pg, serverUrl, (dropper) =>
        whileInUse(() => dropper.query(`DROP DATABASE IF EXISTS "${name}"`)),
      );
    },
  };
}
