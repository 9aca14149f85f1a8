import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * A fresh, migrated database for one test: in-memory PGlite, or — when `TEST_DATABASE_URL` is
 * set — a new uniquely named database on that PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<Database & { url?: string }> {
  const serverUrl = env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ memory: true });

  const { default: pg } = await import('pg');
  const name = `signet_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    ...database,
    kind: 'postgres',
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
