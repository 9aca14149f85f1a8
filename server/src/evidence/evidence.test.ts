import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { requestEvents } from '../db/schema/request-events.ts';
import { openTestDatabase } from '../testing/database.ts';
import { recordEvent, recordEvents } from './record-event.ts';
import { verifyChain } from './verify-chain.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const meta = { ip: '203.0.113.7', userAgent: 'vitest' };
const actor = { id: null, email: 'anna@example.ch' };

async function chainOf(n: number): Promise<string> {
  const requestId = randomUUID();
  for (let i = 0; i < n; i++) {
    await database.db.transaction((tx) =>
      recordEvent(tx, {
        requestId,
        type: i === 0 ? 'created' : 'viewed',
        actor,
        meta,
        documentSha256: ['ab'.repeat(32)],
        data: { i, nested: { z: 1, a: [1, 'x'] } },
      }),
    );
  }
  return requestId;
}

/** Tampering as someone with direct database access would: with the append-only trigger off. */
async function tamper(statement: ReturnType<typeof sql>) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE request_events DISABLE TRIGGER USER`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE request_events ENABLE TRIGGER USER`);
  });
}

describe('evidence log', () => {
  it('chains entries and verifies an untouched log', async () => {
    const id = await chainOf(4);
    const rows = await database.db
      .select()
      .from(requestEvents)
      .where(sql`request_id = ${id}`)
      .orderBy(requestEvents.seq);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[0]?.ip).toBe('203.0.113.7');
    expect(await verifyChain(database.db, id)).toEqual({ ok: true, count: 4 });
    expect(await verifyChain(database.db, randomUUID())).toEqual({ ok: true, count: 0 });
  });

  it('records several entries in one statement, chained in order after the existing ones', async () => {
    const id = await chainOf(2);
    const entry = (type: 'signed' | 'completed', i: number) => ({
      requestId: id,
      type,
      actor,
      meta,
      documentSha256: ['cd'.repeat(32)],
      data: { i },
    });
    const rows = await database.db.transaction((tx) =>
      recordEvents(tx, id, [entry('signed', 1), entry('completed', 2)]),
    );
    expect(rows.map((r) => [r.seq, r.type])).toEqual([
      [3, 'signed'],
      [4, 'completed'],
    ]);
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(await verifyChain(database.db, id)).toEqual({ ok: true, count: 4 });
    // An entry for another request is refused before anything is written.
    await expect(
      database.db.transaction((tx) =>
        recordEvents(tx, id, [
          entry('signed', 3),
          { ...entry('completed', 4), requestId: randomUUID() },
        ]),
      ),
    ).rejects.toThrow(/same request/);
    expect(await verifyChain(database.db, id)).toEqual({ ok: true, count: 4 });
  });

  it('refuses UPDATE and DELETE through the trigger', async () => {
    const id = await chainOf(2);
    await expect(
      database.db.execute(sql`UPDATE request_events SET ip = '1.1.1.1' WHERE request_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`DELETE FROM request_events WHERE request_id = ${id}`),
    ).rejects.toThrow();
    expect(await verifyChain(database.db, id)).toEqual({ ok: true, count: 2 });
  });

  it('finds an edited entry', async () => {
    const id = await chainOf(5);
    await tamper(
      sql`UPDATE request_events SET ip = '198.51.100.1' WHERE request_id = ${id} AND seq = 3`,
    );
    expect(await verifyChain(database.db, id)).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: 'edited',
    });
  });

  it('finds edited data even when the hash was recomputed (the next link breaks)', async () => {
    const id = await chainOf(4);
    const [row] = await database.db
      .select()
      .from(requestEvents)
      .where(sql`request_id = ${id} AND seq = 2`);
    const { eventHash } = await import('./hash.ts');
    const forged = { ...(row as NonNullable<typeof row>), data: { i: 99 } };
    await tamper(
      sql`UPDATE request_events SET data = ${JSON.stringify(forged.data)}::jsonb, hash = ${eventHash(forged)} WHERE request_id = ${id} AND seq = 2`,
    );
    expect(await verifyChain(database.db, id)).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: 'relinked',
    });
  });

  it('finds a removed entry in the middle and at the end', async () => {
    const middle = await chainOf(5);
    await tamper(sql`DELETE FROM request_events WHERE request_id = ${middle} AND seq = 2`);
    expect(await verifyChain(database.db, middle)).toMatchObject({
      ok: false,
      brokenAt: 2,
      reason: 'missing',
    });

    const tail = await chainOf(5);
    await tamper(sql`DELETE FROM request_events WHERE request_id = ${tail} AND seq = 5`);
    expect(await verifyChain(database.db, tail)).toMatchObject({
      ok: false,
      brokenAt: 5,
      reason: 'truncated',
    });

    const first = await chainOf(3);
    await tamper(sql`DELETE FROM request_events WHERE request_id = ${first} AND seq = 1`);
    expect(await verifyChain(database.db, first)).toMatchObject({ ok: false, brokenAt: 1 });
  });

  it('chains concurrent events on one request without gaps or forks', async () => {
    const requestId = randomUUID();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        database.db.transaction((tx) =>
          recordEvent(tx, {
            requestId,
            type: 'viewed',
            actor,
            meta,
            documentSha256: [],
            data: { i },
          }),
        ),
      ),
    );
    expect(await verifyChain(database.db, requestId)).toEqual({ ok: true, count: 12 });
  });
});
