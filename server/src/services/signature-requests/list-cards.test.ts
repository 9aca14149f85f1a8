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

  it('has a card for every request', async () => {
    const res = await t.db.execute(sql`select count(*)::int as n from signature_requests r
      where not exists (select 1 from request_cards c where c.request_id = r.id)`);
    expect((res as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
