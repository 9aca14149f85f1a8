import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signers } from '../../db/schema/signers.ts';
import { verifyChain } from '../../evidence/verify-chain.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createRequest, insertDocument, sidOf, simulateSignature, snapshot } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Session;
let b: Session;
let c: Session;
let d: Session;

const R = '/api/v3/signature-requests';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { firstName: 'Olivia' });
  b = await signUp(t, { firstName: 'Bruno' });
  c = await signUp(t, { firstName: 'Chiara' });
  d = await signUp(t, { firstName: 'Dario' });
  // Languages per recipient: owner en, b fr, c it is not an account language, so de; d en.
  const lang = async (s: Session, l: string) =>
    expect(
      (
        await t.request('PUT', '/api/v1/user', {
          token: s.token,
          body: { attributes: { lang: l } },
        })
      ).status,
    ).toBe(200);
  await lang(owner, 'en');
  await lang(b, 'fr');
  await lang(d, 'en');
}, 120_000);
afterAll(() => t.close());

async function sequentialRequest(title = 'Lease') {
  const doc = await insertDocument(t, owner.user.id);
  return createRequest(t, owner.token, {
    title,
    message: 'Please sign by Friday',
    documents: [{ document_id: doc.id }],
    signatures: [
      {
        account_email: b.email,
        order: 1,
        document_signatures: [{ document_id: doc.id, page: 1, x: 10, y: 10 }],
      },
      { signer_identity_data: { email_address: c.email }, order: 2 },
      { account_email: d.email, order: 3 },
    ],
  });
}

const statuses = (r: TSignatureRequest) => r.signatures.map((s) => s.status_code);

describe('a request with three signers in order', () => {
  it('goes DRAFT → OPEN → SIGNED, inviting each signer when their turn comes', async () => {
    const draft = await sequentialRequest();
    expect(draft.status_overall).toBe('DRAFT');
    expect(statuses(draft)).toEqual(['DRAFT', 'DRAFT', 'DRAFT']);
    expect(draft.my_roles).toEqual(['owner']);

    const open = await t.request<TSignatureRequest>('POST', `${R}/${draft.id}/initiate`, {
      token: owner.token,
    });
    expect(open.status).toBe(200);
    expect(open.body.status_overall).toBe('OPEN');
    expect(statuses(open.body)).toEqual(['OPEN', 'WAITING', 'WAITING']);

    // Only the first signer is invited, in their language (fr), with a link to the request.
    const invite = await t.mailbox.last(b.email);
    expect(invite?.template).toBe('request-invitation');
    expect(invite?.lang).toBe('fr-ch');
    expect(invite?.subject).toContain('vous demande de signer');
    expect(invite?.links).toContain(`http://localhost:3000/view/${draft.id}`);
    expect(invite?.text).toContain('Please sign by Friday');
    expect(await t.mailbox.last(c.email)).toMatchObject({ template: 'confirm-signup' });

    // A waiting signer cannot sign (the signing service asks the same rule).
    const asC = await t.request<TSignatureRequest>('GET', `${R}/${draft.id}`, { token: c.token });
    expect(asC.body.my_roles).toEqual(['signer']);
    expect(asC.body.signatures.find((s) => s.sid === sidOf(draft, c.email))?.status_code).toBe(
      'WAITING',
    );

    await simulateSignature(t, draft.id, b.email);
    let now = await t.request<TSignatureRequest>('GET', `${R}/${draft.id}`, { token: owner.token });
    expect(statuses(now.body)).toEqual(['SIGNED', 'OPEN', 'WAITING']);
    const cInvite = await t.mailbox.last(c.email);
    expect(cInvite?.template).toBe('request-invitation');
    expect(cInvite?.lang).toBe('de-ch');

    // Signers are frozen after the first signature.
    const before = await snapshot(t);
    const add = await t.request('POST', `${R}/${draft.id}/signatures`, {
      token: owner.token,
      body: { account_email: uniqueEmail() },
    });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({ code: 'SIGNERS_FROZEN' });
    const remove = await t.request(
      'DELETE',
      `${R}/${draft.id}/signatures/${sidOf(draft, d.email)}`,
      { token: owner.token },
    );
    expect(remove.body).toMatchObject({ code: 'SIGNERS_FROZEN' });
    expect(await snapshot(t)).toBe(before);

    await simulateSignature(t, draft.id, c.email);
    expect((await t.mailbox.last(d.email))?.template).toBe('request-invitation');
    await simulateSignature(t, draft.id, d.email);
    now = await t.request<TSignatureRequest>('GET', `${R}/${draft.id}`, { token: owner.token });
    expect(now.body.status_overall).toBe('SIGNED');
    expect(statuses(now.body)).toEqual(['SIGNED', 'SIGNED', 'SIGNED']);
    for (const s of [owner, b, c, d])
      expect((await t.mailbox.last(s.email))?.template).toBe('request-completed');
    expect((await t.mailbox.last(owner.email))?.lang).toBe('en-gb');

    const status = await t.request('GET', `${R}/${draft.id}/status`, { token: d.token });
    expect(status.body).toMatchObject({ status_overall: 'SIGNED' });
    const events = await t.request<{ events: { type: string }[]; integrity: { ok: boolean } }>(
      'GET',
      `${R}/${draft.id}/events`,
      { token: b.token },
    );
    expect(events.body.integrity).toEqual({ ok: true });
    expect(events.body.events.map((e) => e.type)).toEqual(['created', 'initiated', 'viewed']);
  });

  it('records "viewed" for a signer at most once an hour, with IP and user agent', async () => {
    const r = await sequentialRequest();
    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    const headers = { 'User-Agent': 'Firefox/140' };
    await t.request('GET', `${R}/${r.id}`, { token: b.token, headers });
    await t.request('GET', `${R}/${r.id}`, { token: b.token, headers });
    await t.request('GET', `${R}/${r.id}`, { token: owner.token });
    const ev = await t.request<{
      events: {
        type: string;
        user_agent: string;
        actor: { email: string };
        document_sha256: string[];
      }[];
    }>('GET', `${R}/${r.id}/events`, { token: owner.token });
    const viewed = ev.body.events.filter((e) => e.type === 'viewed');
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ user_agent: 'Firefox/140', actor: { email: b.email } });
    expect(viewed[0]?.document_sha256).toEqual([r.documents[0]?.sha256]);
  });
});

describe('decline, withdraw, remind, delegate, observers, delete', () => {
  it('decline closes the request and tells every other participant in their language', async () => {
    const r = await sequentialRequest('Offer');
    const observer = uniqueEmail('obs');
    await t.request('POST', `${R}/${r.id}/observers`, {
      token: owner.token,
      body: { email: observer },
    });
    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    // A WAITING signer may decline too.
    const res = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/decline`, {
      token: c.token,
      body: { message: 'Wrong address' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status_overall).toBe('DECLINED');
    expect(statuses(res.body)).toEqual(['WITHDRAWN', 'DECLINED', 'WITHDRAWN']);
    expect(res.body.signatures[1]?.decline_message).toBe('Wrong address');
    for (const s of [owner, b, d]) {
      const m = await t.mailbox.last(s.email);
      expect(m?.template).toBe('request-declined');
      expect(m?.text).toContain('Wrong address');
    }
    expect((await t.mailbox.last(b.email))?.subject).toContain('refusé');
    expect((await t.mailbox.last(owner.email))?.subject).toContain('declined');
    // The observer has no account: the owner's language, and a one-step signup link (a token
    // bound to the address) that returns to the request.
    const om = await t.mailbox.last(observer);
    expect(om?.lang).toBe('en-gb');
    const link = new URL(om?.links.find((l) => l.includes('/signup/steps')) ?? '');
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(link.searchParams.get('redirect')).toBe(`/view/${r.id}`);
    expect((await t.mailbox.last(c.email))?.template).not.toBe('request-declined');

    // Nothing more can happen to a declined request but delete.
    const before = await snapshot(t);
    for (const [method, path, token, body] of [
      ['POST', 'decline', b.token, { message: 'x' }],
      ['POST', 'withdraw', owner.token, { message: 'x' }],
      ['POST', 'remind', owner.token, undefined],
      ['POST', 'delegate', b.token, { email: uniqueEmail() }],
      ['POST', 'initiate', owner.token, undefined],
    ] as const) {
      const x = await t.request('POST' === method ? 'POST' : method, `${R}/${r.id}/${path}`, {
        token,
        body,
      });
      expect(x.status, path).toBe(409);
      expect((x.body as { code: string }).code).toMatch(/^REQUEST_NOT_(OPEN|DRAFT)$/);
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('withdraw only while OPEN: 409 before and after, nothing changed', async () => {
    const r = await sequentialRequest('Loan');
    let before = await snapshot(t);
    const early = await t.request('POST', `${R}/${r.id}/withdraw`, {
      token: owner.token,
      body: { message: 'no' },
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'REQUEST_NOT_OPEN' });
    expect(await snapshot(t)).toBe(before);

    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    const bySigner = await t.request('POST', `${R}/${r.id}/withdraw`, {
      token: b.token,
      body: { message: 'no' },
    });
    expect(bySigner.status).toBe(403);
    const ok = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/withdraw`, {
      token: owner.token,
      body: { message: 'Terms changed' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status_overall).toBe('WITHDRAWN');
    for (const s of [b, c, d])
      expect((await t.mailbox.last(s.email))?.template).toBe('request-withdrawn');
    expect((await t.mailbox.last(b.email))?.text).toContain('Terms changed');

    before = await snapshot(t);
    const again = await t.request('POST', `${R}/${r.id}/withdraw`, {
      token: owner.token,
      body: { message: 'x' },
    });
    expect(again.status).toBe(409);
    expect(await snapshot(t)).toBe(before);
  });

  it('reminds each open signer at most once an hour (429 the second time)', async () => {
    const r = await sequentialRequest('Reminder');
    const notYet = await t.request('POST', `${R}/${r.id}/remind`, { token: owner.token });
    expect(notYet.status).toBe(409);
    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    const first = await t.request('POST', `${R}/${r.id}/remind`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ reminded: [b.email] });
    const mail = await t.mailbox.last(b.email);
    expect(mail?.template).toBe('request-reminder');
    expect(mail?.subject).toMatch(/^Rappel/);

    const before = await snapshot(t);
    const second = await t.request('POST', `${R}/${r.id}/remind`, { token: owner.token });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 'REMIND_TOO_SOON' });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await snapshot(t)).toBe(before);

    // An hour later it works again.
    await t.db
      .update(signers)
      .set({ lastRemindedAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(signers.requestId, r.id));
    expect((await t.request('POST', `${R}/${r.id}/remind`, { token: owner.token })).status).toBe(
      200,
    );
    const byB = await t.request('POST', `${R}/${r.id}/remind`, { token: b.token });
    expect(byB.status).toBe(403);
  });

  it('delegates a signature to another address, recorded, with an invitation', async () => {
    const r = await sequentialRequest('Delegation');
    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    const stand = uniqueEmail('stand-in');
    const res = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/delegate`, {
      token: b.token,
      body: { email: stand.toUpperCase(), message: 'On holiday' },
    });
    expect(res.status).toBe(200);
    const slot = res.body.signatures[0];
    expect(slot).toMatchObject({
      signer_identity_data: { email_address: stand },
      delegated_from: b.email,
      status_code: 'OPEN',
    });
    expect(res.body.my_roles).toEqual([]);
    // b is a stranger now.
    expect((await t.request('GET', `${R}/${r.id}`, { token: b.token })).status).toBe(404);
    const mail = await t.mailbox.last(stand);
    expect(mail?.template).toBe('request-invitation');
    expect(mail?.text).toContain('On holiday');
    const ev = await t.request<{ events: { type: string; data: Record<string, unknown> }[] }>(
      'GET',
      `${R}/${r.id}/events`,
      {
        token: owner.token,
      },
    );
    expect(ev.body.events.at(-1)).toMatchObject({
      type: 'delegated',
      data: { from: b.email, to: stand, claim: false },
    });
    // Delegating to someone who already signs is refused.
    const dup = await t.request('POST', `${R}/${r.id}/delegate`, {
      token: c.token,
      body: { email: d.email },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'SIGNER_EXISTS' });
  });

  it('claims a slot sent to a shared mailbox through the sendto link', async () => {
    const doc = await insertDocument(t, owner.user.id);
    const shared = uniqueEmail('office');
    const r = await createRequest(t, owner.token, {
      title: 'Shared mailbox',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: shared }],
    });
    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    const mail = await t.mailbox.last(shared);
    const claimUrl = mail?.links.find((l) => l.includes('/sendto/'));
    expect(claimUrl).toBeDefined();
    const token = new URL(claimUrl as string).pathname.split('/').at(-1) as string;

    const info = await t.request('GET', `/api/v3/sendto/${token}/get-internal`, { token: d.token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      id: r.id,
      signer: { email: shared, status_code: 'OPEN' },
      claimable: true,
    });
    expect(
      (await t.request('GET', `/api/v3/sendto/${'x'.repeat(43)}/get-internal`, { token: d.token }))
        .status,
    ).toBe(404);
    // The request id is not a claim token.
    expect(
      (await t.request('POST', `/api/v3/sendto/${r.id}/claim`, { token: d.token })).status,
    ).toBe(404);

    const claimed = await t.request<TSignatureRequest>('POST', `/api/v3/sendto/${token}/claim`, {
      token: d.token,
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.my_roles).toEqual(['signer']);
    expect(claimed.body.signatures[0]).toMatchObject({
      signer_identity_data: { email_address: d.email },
      delegated_from: shared,
    });
    // The old link is spent.
    expect(
      (await t.request('POST', `/api/v3/sendto/${token}/claim`, { token: c.token })).status,
    ).toBe(404);
    expect((await verifyChain(t.db, r.id)).ok).toBe(true);
  });

  it('observers see the request; owners add and remove them; PUT replaces the list', async () => {
    const r = await sequentialRequest('Observed');
    const add = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/observers`, {
      token: owner.token,
      body: { email: c.email },
    });
    expect(add.status).toBe(201);
    const dup = await t.request('POST', `${R}/${r.id}/observers`, {
      token: owner.token,
      body: { email: c.email },
    });
    expect(dup.body).toMatchObject({ code: 'OBSERVER_EXISTS' });
    const viewer = await signUp(t);
    await t.request('POST', `${R}/${r.id}/observers`, {
      token: owner.token,
      body: { email: viewer.email },
    });
    // A draft is its owner's alone: the observer sees it once it is sent.
    expect((await t.request('GET', `${R}/${r.id}`, { token: viewer.token })).status).toBe(404);

    const put = await t.request<TSignatureRequest>('PUT', `${R}/${r.id}`, {
      token: owner.token,
      body: { title: 'Observed (v2)', observers: [viewer.email, 'new@example.ch'] },
    });
    expect(put.status).toBe(200);
    expect(put.body.title).toBe('Observed (v2)');
    expect(put.body.observers.map((o) => o.email).sort()).toEqual(
      ['new@example.ch', viewer.email].sort(),
    );
    expect((await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token })).status).toBe(
      200,
    );
    const seen = await t.request<TSignatureRequest>('GET', `${R}/${r.id}`, { token: viewer.token });
    expect(seen.status).toBe(200);
    expect(seen.body.my_roles).toEqual(['observer']);
    const forbidden = await t.request('POST', `${R}/${r.id}/withdraw`, {
      token: viewer.token,
      body: { message: 'no' },
    });
    expect(forbidden.status).toBe(403);

    const obsId = put.body.observers.find((o) => o.email === viewer.email)?.id;
    const del = await t.request('DELETE', `${R}/${r.id}/observers/${obsId}`, {
      token: owner.token,
    });
    expect(del.status).toBe(200);
    expect((await t.request('GET', `${R}/${r.id}`, { token: viewer.token })).status).toBe(404);
  });

  it('documents and signers change while DRAFT; delete is soft, refused while OPEN', async () => {
    const r = await sequentialRequest('Drafty');
    const doc2 = await insertDocument(t, owner.user.id, { title: 'Annex.pdf' });
    const added = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/documents`, {
      token: owner.token,
      body: { document_id: doc2.id },
    });
    expect(added.status).toBe(200);
    expect(added.body.documents.map((x) => x.title)).toEqual(['Contract.pdf', 'Annex.pdf']);
    const firstDoc = r.documents[0]?.id as string;
    const removed = await t.request<TSignatureRequest>(
      'DELETE',
      `${R}/${r.id}/documents/${firstDoc}`,
      { token: owner.token },
    );
    expect(removed.body.documents.map((x) => x.id)).toEqual([doc2.id]);
    // The signature box on the removed document went with it.
    expect(removed.body.signatures[0]?.document_signatures).toEqual([]);

    const extra = uniqueEmail();
    const withSigner = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/signatures`, {
      token: owner.token,
      body: { signer_identity_data: { email_address: extra }, order: 4 },
    });
    expect(withSigner.status).toBe(201);
    const dropped = await t.request<TSignatureRequest>(
      'DELETE',
      `${R}/${r.id}/signatures/${sidOf(withSigner.body, extra)}`,
      {
        token: owner.token,
      },
    );
    expect(dropped.body.signatures).toHaveLength(3);

    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    let before = await snapshot(t);
    const docsLocked = await t.request('POST', `${R}/${r.id}/documents`, {
      token: owner.token,
      body: { document_id: firstDoc },
    });
    expect(docsLocked.body).toMatchObject({ code: 'REQUEST_NOT_DRAFT' });
    const delOpen = await t.request('DELETE', `${R}/${r.id}`, { token: owner.token });
    expect(delOpen.status).toBe(409);
    expect(delOpen.body).toMatchObject({ code: 'REQUEST_OPEN' });
    expect(await snapshot(t)).toBe(before);

    await t.request('POST', `${R}/${r.id}/withdraw`, { token: owner.token, body: { message: '' } });
    const del = await t.request('DELETE', `${R}/${r.id}`, { token: owner.token });
    expect(del.status).toBe(200);
    for (const s of [owner, b])
      expect((await t.request('GET', `${R}/${r.id}`, { token: s.token })).status).toBe(404);
    // The evidence stays, intact, ending with "deleted".
    expect(await verifyChain(t.db, r.id)).toMatchObject({ ok: true });
    before = await snapshot(t);
    expect((await t.request('DELETE', `${R}/${r.id}`, { token: owner.token })).status).toBe(404);
    expect(await snapshot(t)).toBe(before);
  });

  it('lock-status follows locked_until', async () => {
    const r = await sequentialRequest('Locked');
    await t.request('POST', `${R}/${r.id}/initiate`, { token: owner.token });
    const res = await t.request('GET', `${R}/${r.id}/lock-status`, { token: b.token });
    expect(res.body).toEqual({ locked: false });
    const { signatureRequests } = await import('../../db/schema/signature-requests.ts');
    await t.db
      .update(signatureRequests)
      .set({ lockedUntil: new Date(Date.now() + 30_000) })
      .where(eq(signatureRequests.id, r.id));
    expect((await t.request('GET', `${R}/${r.id}/lock-status`, { token: b.token })).body).toEqual({
      locked: true,
    });
  });
});
