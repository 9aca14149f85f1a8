/**
 * Vitest global setup: builds the migrated PGlite template once, before the test workers start,
 * so they each load it (≈0.4 s) instead of all running initdb and the migrations at once.
 */
export default async function setup(): Promise<void> {
  const { openDatabase } = await import('../db/client.ts');
  const database = await openDatabase({ memory: true });
  await database.close();
}
