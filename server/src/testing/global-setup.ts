/**
 * Vitest global setup, before the test workers start: builds the migrated PGlite template
 * once, so they each load it (≈0.4 s) instead of all running initdb and the migrations at once;
 * with `TEST_DATABASE_URL`, the PostgreSQL template database as well.
 */
export default async function setup(): Promise<void> {
  const { openDatabase } = await import('../db/client.ts');
  const database = await openDatabase({ memory: true });
  await database.close();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { ensurePostgresTemplate } = await import('./database.ts');
    await ensurePostgresTemplate(serverUrl);
  }
}
