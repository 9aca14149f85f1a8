import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { requestEvents } from '../../db/schema/request-events.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { rowsOf } from '../../evidence/db-row.ts';
import { verifyChain } from '../../evidence/verify-chain.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { mutoolVerify, pdfsig, requireTool } from '../../pdf/test-tools.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { signBatch } from './testing.ts';

// A batch's group commit (services/signing/group-commit.ts): the entries that are ready are
// committed in one transaction with set-based statements; a failing group falls back to one
// transaction per entry. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;
let owner: Awaited<ReturnType<typeof signUp>>;
let signer: Awaited<ReturnType<typeof signUp>>;
let second: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  requireTool('pdfsig');
  t = await createDocumentsTestApp();
  owner = await signUp(t, { firstName: 'Olivia', plan: 'individual' });
  // A paid plan: the free quota, which counts each signature on its own, does not apply.
  signer = await signUp(t, { firstName: 'Anna', plan: 'individual' });
  second = await signUp(t, { firstName: 'Bruno' });
});
afterAll(() => t.cleanup());

/** `count` requests with the signer first; every third has a second signer, every fourth two documents. */
async function newRequests(count: number, tag: string) {
  const made: { request: TSignatureRequest; docs: TDocument[]; completes: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const docs = [await uploadPdf(t, owner.token, await makeTestPdf(), `${tag} ${i} a`)];
    if (i % 4 === 3)
      docs.push(await uploadPdf(t, owner.token, await makeTestPdf(), `${tag} ${i} b`));
    const completes = i % 3 !== 2;
    const people = [{ email: signer.email, order: 1 }];
    if (!completes) people.push({ email: second.email, order: 2 });
    const created = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
      token: owner.token,
      body: {
        title: `${tag} ${i}`,
        documents: docs.map((d) => ({ document_id: d.id })),
        signatures: people.map((s) => ({ account_email: s.email, order: s.order })),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await t.request('POST', `/api/v3/signature-requests/${created.body.id}/initiate`, {
      token: owner.token,
    });
    expect(sent.status).toBe(200);
    made.push({ request: created.body, docs, completes });
  }
  return made;
}

/** The transaction that last wrote each request row (one per group commit). */
async function writers(ids: string[]): Promise<Map<string, string>> {
  const rows = rowsOf(
    await t.db.execute(sql`
      select id, xmin::text as xmin from signature_requests
      where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [String(r.id), String(r.xmin)]));
}

async function signedPdf(docId: string): Promise<Uint8Array> {
  const res = await t.app.request(`/api/v3/documents/${docId}/download?signed=true`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('a batch commits its ready entries together', () => {
  it('signs 12 requests in groups: statuses, documents, logs, mails as one by one', async () => {
    const made = await newRequests(12, 'Group');
    const ids = made.map((m) => m.request.id);
    const result = await signBatch(
      t,
      signer.token,
      ids.map((signatureRequestId) => ({ signatureRequestId, signingName: 'Anna Meier' })),
    );
    expect(result.map((r) => r.signatureRequestId)).toEqual(ids);
    expect(result.map((r) => (r.ok ? r.status_overall : r.code))).toEqual(
      made.map((m) => (m.completes ? 'SIGNED' : 'OPEN')),
    );
    // Committed in groups: fewer transactions than entries wrote the request rows.
    const by = await writers(ids);
    expect(new Set(by.values()).size).toBeLessThan(ids.length);
    for (const m of made) {
      const id = m.request.id;
      const verdict = await verifyChain(t.db, id);
      expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
      const events = await t.db
        .select({ type: requestEvents.type, data: requestEvents.data })
        .from(requestEvents)
        .where(eq(requestEvents.requestId, id))
        .orderBy(requestEvents.seq);
      const signed = events.filter((e) => e.type === 'signed');
      expect(signed).toHaveLength(1);
      expect(signed[0]?.data.documents).toHaveLength(m.docs.length);
      expect(events.some((e) => e.type === 'completed')).toBe(m.completes);
      const [row] = await t.db
        .select({
          status: signatureRequests.status,
          locked: signatureRequests.lockedUntil,
          notified: signatureRequests.completionNotifiedAt,
        })
        .from(signatureRequests)
        .where(eq(signatureRequests.id, id));
      expect(row).toMatchObject({ status: m.completes ? 'SIGNED' : 'OPEN', locked: null });
      expect(row?.notified !== null).toBe(m.completes);
      const docs = await t.db
        .select({ signed: documents.signedSha256 })
        .from(documents)
        .where(
          inArray(
            documents.id,
            m.docs.map((d) => d.id),
          ),
        );
      expect(docs.every((d) => d.signed !== null)).toBe(true);
    }
    // The dashboard rows follow (the inbox triggers run once per statement, migration 0031).
    const inbox = rowsOf(
      await t.db.execute(sql`
        select request_id, email, status, colour from request_inbox
        where request_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and email in (${signer.email.toLowerCase()}, ${second.email.toLowerCase()})`),
    );
    for (const m of made) {
      const rows = inbox.filter((r) => r.request_id === m.request.id);
      const colour = (email: string) =>
        rows.find((r) => r.email === email.toLowerCase())?.colour ?? null;
      expect(rows.every((r) => r.status === (m.completes ? 'SIGNED' : 'OPEN'))).toBe(true);
      expect(colour(signer.email)).toBe(m.completes ? 'completed' : 'waiting');
      expect(colour(second.email)).toBe(m.completes ? null : 'to-sign');
    }
    // Every document carries one valid signature (poppler and MuPDF).
    for (const m of made.slice(0, 4)) {
      for (const d of m.docs) {
        const pdf = await signedPdf(d.id);
        const first = pdfsig(pdf).signatures[0];
        expect(first?.valid, first?.text).toBe(true);
        expect(mutoolVerify(pdf).output).not.toMatch(/signature is invalid|Digest mismatch/i);
      }
    }
    // The second signer of each two-signer request is invited now, once per request.
    const open = made.filter((m) => !m.completes).map((m) => m.request.title);
    const invitations = (await t.mailbox.all(second.email)).filter(
      (mail) => mail.template === 'request-invitation',
    );
    for (const title of open) {
      expect(invitations.filter((mail) => mail.subject?.includes(title))).toHaveLength(1);
    }
    // The completed requests each queued their protocol job.
    const jobs = rowsOf(
      await t.db.execute(sql`
        select payload->>'requestId' as id from jobs where kind = 'protocol'
          and payload->>'requestId' in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
    ).map((r) => String(r.id));
    expect(new Set(jobs)).toEqual(
      new Set(made.filter((m) => m.completes).map((m) => m.request.id)),
    );
  }, 180_000);

  it('a group with an entry that fails mid-way: that entry changes nothing, the others are signed', async () => {
    const made = await newRequests(6, 'Mid-way');
    const ids = made.map((m) => m.request.id);
    const bad = made[2] as (typeof made)[number];
    // The bad entry's log entry is refused by the database, after its documents, signer and
    // request were written in the same transaction: its group must roll back and recommit the
    // others one by one.
    await t.db.execute(
      sql.raw(`
        create function refuse_signed_event() returns trigger as $$
        begin
          if new.request_id = '${bad.request.id}' and new.type = 'signed' then
            raise exception 'refused by the test';
          end if;
          return new;
        end;
        $$ language plpgsql`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_signed_event before insert on request_events
        for each row execute function refuse_signed_event()`),
    );
    try {
      const result = await signBatch(
        t,
        signer.token,
        ids.map((signatureRequestId) => ({ signatureRequestId })),
      );
      expect(result.map((r) => r.signatureRequestId)).toEqual(ids);
      expect(result[2]).toMatchObject({ ok: false, code: 'SIGNING_FAILED' });
      expect(result.filter((r) => r.ok)).toHaveLength(5);
    } finally {
      await t.db.execute(sql`drop trigger refuse_signed_event on request_events`);
      await t.db.execute(sql`drop function refuse_signed_event()`);
    }
    // Nothing of the bad entry was written.
    const [request] = await t.db
      .select({ status: signatureRequests.status, locked: signatureRequests.lockedUntil })
      .from(signatureRequests)
      .where(eq(signatureRequests.id, bad.request.id));
    expect(request).toEqual({ status: 'OPEN', locked: null });
    const [mine] = await t.db
      .select({ signedAt: signers.signedAt })
      .from(signers)
      .where(and(eq(signers.requestId, bad.request.id), eq(signers.email, signer.email)));
    expect(mine?.signedAt).toBeNull();
    const [doc] = await t.db
      .select({ signed: documents.signedSha256 })
      .from(documents)
      .where(eq(documents.id, bad.docs[0]?.id as string));
    expect(doc?.signed).toBeNull();
    const events = await t.db
      .select({ type: requestEvents.type })
      .from(requestEvents)
      .where(eq(requestEvents.requestId, bad.request.id));
    expect(events.map((e) => e.type)).not.toContain('signed');
    for (const id of ids) expect((await verifyChain(t.db, id)).ok).toBe(true);
    // The others are signed and valid; the bad one is signed on its own afterwards.
    const again = await signBatch(t, signer.token, [{ signatureRequestId: bad.request.id }]);
    expect(again[0]).toMatchObject({ ok: true, status_overall: bad.completes ? 'SIGNED' : 'OPEN' });
    for (const m of made) {
      const pdf = await signedPdf(m.docs[0]?.id as string);
      const first = pdfsig(pdf).signatures[0];
      expect(first?.valid, first?.text).toBe(true);
    }
  }, 180_000);
});
