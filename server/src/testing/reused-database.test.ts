import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../evidence/db-row.ts';
import { signUp } from '../routes/auth/testing.ts';
import { createRequest, insertDocument } from '../routes/signature-requests/testing.ts';
import { createTestApp, type TestApp } from './app.ts';
import { reuseTestDatabase } from './reused-database.ts';

/** Row counts of every table in the public schema. */
async function counts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((r) => String(r.tablename));
  const out: Record<string, number> = {};
  for (const table of tables.sort()) {
    const [row] = rowsOf(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
    );
    out[table] = Number(row?.n);
  }
  return out;
}

describe('a reused test database', () => {
  const freshDatabase = reuseTestDatabase();
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('is, at each fresh(), what a new database is: rows the tests wrote gone, the seeded ones kept', async () => {
    const first = await freshDatabase();
    const asNew = await counts(first.db);
    expect(asNew.price_plans).toBeGreaterThan(0);

    // Rows in many tables, the append-only evidence log and its foreign keys among them.
    t = await createTestApp({ database: first });
    const owner = await signUp(t);
    const document = await insertDocument(t, owner.user.id);
    await createRequest(t, owner.token, {
      title: 'Reused',
      documents: [{ document_id: document.id }],
      signatures: [{ account_email: 'signer@example.ch' }],
    });
    const written = await counts(first.db);
    for (const table of ['users', 'sessions', 'signature_requests', 'request_events', 'jobs']) {
      expect(written[table], table).toBeGreaterThan(0);
    }
    await t.close();
    t = undefined;

    const second = await freshDatabase();
    // A new handle, so what the app caches per database object starts empty.
    expect(second.db).not.toBe(first.db);
    expect(await counts(second.db)).toEqual(asNew);
    // Outside fresh() the evidence log is append-only as ever.
    await expect(second.db.execute(sql`truncate request_events`)).rejects.toThrow();
    const [mode] = rowsOf(
      await second.db.execute(sql`select current_setting('session_replication_role') as m`),
    );
    expect(mode?.m).toBe('origin');
  });
});
