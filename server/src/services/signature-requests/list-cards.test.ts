import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { requestCards } from '../../db/schema/request-inbox.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { signUp } from '../../routes/auth/testing.ts';
import { insertDocument } from '../../routes/signature-requests/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';

/**
 * The dashboard cards (`request_cards`) are kept by triggers: after every kind of write to a
 * request, its signers or its documents, the stored card equals one computed from the tables.
 */
let t: TestApp;
let ownerId: string;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await signUp(t)).user.id;
}, 60_000);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function expectedCard(id: string) {
  const [r] = await t.db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
  if (!r) return undefined;
  const rows = await t.db
    .select()
    .from(signers)
    .where(eq(signers.requestId, id))
    .orderBy(asc(signers.order), asc(signers.createdAt), asc(signers.id));
  const docs = await t.db.select().from(requestDocuments).where(eq(requestDocuments.requestId, id));
  return {
    title: r.title,
    status: r.status,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    document_count: docs.length,
    signers: rows.map((s) => ({
      email: s.email,
      order: s.order,
      signed_at: iso(s.signedAt),
      declined_at: iso(s.declinedAt),
    })),
  };
}

async function storedCard(id: string) {
  const [row] = await t.db.select().from(requestCards).where(eq(requestCards.requestId, id));
  return row?.card;
}

const expectFresh = async (...ids: string[]) => {
  for (const id of ids) expect(await storedCard(id)).toEqual(await expectedCard(id));
};

describe('request_cards', () => {
  it('follows inserts, updates and deletes of requests, signers and documents', async () => {
    const [a, b] = await t.db
      .insert(signatureRequests)
      .values([
        { ownerId, title: 'Card A' },
        { ownerId, title: 'Card B', createdAt: new Date('2021-03-04T05:06:07.891Z') },
      ])
      .returning({ id: signatureRequests.id });
    if (!a || !b) throw new Error('no requests');
    await expectFresh(a.id, b.id);
    expect(await storedCard(a.id)).toMatchObject({ signers: [], document_count: 0 });

    // Several signers of both requests in one statement; orders out of insertion order.
    await t.db.insert(signers).values([
      { requestId: a.id, email: 'second@example.ch', order: 1, claimToken: 'card-t1' },
      { requestId: a.id, email: 'first@example.ch', order: 0, claimToken: 'card-t2' },
      { requestId: b.id, email: 'only@example.ch', order: 0, claimToken: 'card-t3' },
    ]);
    const d1 = await insertDocument(t, ownerId);
    const d2 = await insertDocument(t, ownerId);
    await t.db.insert(requestDocuments).values([
      { requestId: a.id, documentId: d1.id, position: 0 },
      { requestId: a.id, documentId: d2.id, position: 1 },
      { requestId: b.id, documentId: d1.id, position: 0 },
    ]);
    await expectFresh(a.id, b.id);
    expect(await storedCard(a.id)).toMatchObject({
      document_count: 2,
      signers: [{ email: 'first@example.ch' }, { email: 'second@example.ch' }],
    });

    // The request's own fields.
    await t.db
      .update(signatureRequests)
      .set({ title: 'Card A renamed', status: 'OPEN', updatedAt: new Date() })
      .where(eq(signatureRequests.id, a.id));
    await expectFresh(a.id);
    // A signer signs, another declines, one changes address and order.
    await t.db
      .update(signers)
      .set({ signedAt: new Date() })
      .where(eq(signers.email, 'first@example.ch'));
    await t.db
      .update(signers)
      .set({ declinedAt: new Date() })
      .where(eq(signers.email, 'only@example.ch'));
    await t.db
      .update(signers)
      .set({ email: 'moved@example.ch', order: 5 })
      .where(eq(signers.email, 'second@example.ch'));
    await expectFresh(a.id, b.id);
    // Fields the card does not show change nothing (and need no rebuild).
    await t.db.update(signers).set({ lastViewedAt: new Date() }).where(eq(signers.requestId, a.id));
    await expectFresh(a.id);

    // Removing signers and documents.
    await t.db.delete(signers).where(eq(signers.email, 'moved@example.ch'));
    await t.db.delete(requestDocuments).where(eq(requestDocuments.documentId, d1.id));
    await expectFresh(a.id, b.id);
    expect(await storedCard(b.id)).toMatchObject({ document_count: 0 });

    // A request deleted for good takes its card along.
    await t.db.delete(signatureRequests).where(eq(signatureRequests.id, b.id));
    expect(await storedCard(b.id)).toBeUndefined();
    await expectFresh(a.id);
  });

  it('is rebuilt once per statement and stays current (a signature: request and signer at once)', async () => {
    const [r] = await t.db
      .insert(signatureRequests)
      .values({ ownerId, title: 'Card once', status: 'OPEN' })
      .returning({ id: signatureRequests.id });
    if (!r) throw new Error('no request');
    const id = r.id;
    await t.db.insert(signers).values([
      { requestId: id, email: 'once-1@example.ch', order: 0, claimToken: 'card-once-1' },
      { requestId: id, email: 'once-2@example.ch', order: 1, claimToken: 'card-once-2' },
    ]);
    const version = async (email: string) => {
      const res = await t.db.execute(
        sql`select coalesce((select version from request_inbox_versions where email = ${email}), 0)::int as v`,
      );
      return (res as unknown as { rows: { v: number }[] }).rows[0]?.v ?? 0;
    };
    // The request's update before the signer's (as a signature writes them) and after it.
    for (const [i, first] of ['request', 'signer'].entries()) {
      const email = `once-${i + 1}@example.ch`;
      const at = new Date(Date.now() + 1000 * (i + 1)).toISOString();
      const request = sql`update signature_requests set updated_at = ${at}::timestamptz, locked_until = null where id = ${id}`;
      const signer = sql`update signers set signed_at = ${at}::timestamptz where request_id = ${id} and email = ${email}`;
      const before = await version(email);
      await t.db.execute(
        first === 'request'
          ? sql`with a as (${request}), b as (${signer}) select 1`
          : sql`with a as (${signer}), b as (${request}) select 1`,
      );
      await expectFresh(id);
      expect(await storedCard(id)).toMatchObject({ updated_at: at });
      // Every participant's inbox changed once: one raise, though two triggers asked for one.
      expect(await version(email)).toBe(before + 1);
    }
    // Within one transaction: a later statement's change is still rebuilt, the version raised once.
    const owner = (await t.db.execute(
      sql`select lower(u.email) as e from users u where u.id = ${ownerId}`,
    )) as unknown as { rows: { e: string }[] };
    const ownerEmail = String(owner.rows[0]?.e);
    const before = await version(ownerEmail);
    await t.db.transaction(async (tx) => {
      await tx
        .update(signatureRequests)
        .set({ updatedAt: new Date(Date.now() + 5000) })
        .where(eq(signatureRequests.id, id));
      await tx.update(signers).set({ signedAt: null }).where(eq(signers.requestId, id));
      await tx
        .update(signatureRequests)
        .set({ title: 'Card once renamed' })
        .where(eq(signatureRequests.id, id));
    });
    await expectFresh(id);
    expect(await storedCard(id)).toMatchObject({
      title: 'Card once renamed',
      signers: [{ signed_at: null }, { signed_at: null }],
    });
    expect(await version(ownerEmail)).toBe(before + 1);
    // Marking the request as being signed changes no card.
    const card = await storedCard(id);
    await t.db
      .update(signatureRequests)
      .set({ lockedUntil: new Date() })
      .where(eq(signatureRequests.id, id));
    expect(await storedCard(id)).toEqual(card);
  });

  it('has a card for every request', async () => {
    const res = await t.db.execute(sql`select count(*)::int as n from signature_requests r
      where not exists (select 1 from request_cards c where c.request_id = r.id)`);
    expect((res as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
