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
      // Not WITH (FORCE): that terminates connections the pool is still closing, and pg reports
      // the termination as an uncaught error. Retry while the server finishes closing them.
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS "${name}"`);
            break;
          } catch (e) {
            // 55006: object_in_use — a connection has not finished closing yet.
            if ((e as { code?: string }).code !== '55006' || attempt >= 100) throw e;
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
}
