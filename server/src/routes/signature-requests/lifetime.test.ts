import {
  REMIND_MIN_INTERVAL_MS,
  REQUEST_EXPIRY,
} from '@signet/shared/signature-request/signature-request.constants';
import type {
  TEventList,
  TSignatureRequest,
  TSignatureRequestList,
} from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signers } from '../../db/schema/signers.ts';
import { sendAutoReminders } from '../../services/signature-requests/auto-remind.ts';
import { expireRequests } from '../../services/signature-requests/expire-requests.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { basicFor, signingUrlOf } from '../direct-sign/testing.ts';
import { createRequest, insertDocument, simulateSignature, snapshot } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Session;
let anna: Session;
let bruno: Session;

const R = '/api/v3/signature-requests';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { firstName: 'Olivia' });
  anna = await signUp(t, { firstName: 'Anna' });
  bruno = await signUp(t, { firstName: 'Bruno' });
}, 120_000);
afterAll(() => t.close());

/** A request with Anna (order 1) and Bruno (order 2), optionally sent. */
async function request(body: Record<string, unknown> = {}, send = true) {
  const doc = await insertDocument(t, owner.user.id);
  const created = await createRequest(t, owner.token, {
    title: 'Lease',
    documents: [{ document_id: doc.id }],
    signatures: [
      { account_email: anna.email, order: 1 },
      { account_email: bruno.email, order: 2 },
    ],
    ...body,
  });
  if (!send) return created;
  const sent = await t.request<TSignatureRequest>('POST', `${R}/${created.id}/initiate`, {
    token: owner.token,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

const get = async (id: string, token = owner.token) =>
  (await t.request<TSignatureRequest>('GET', `${R}/${id}`, { token })).body;
const events = async (id: string) =>
  (await t.request<TEventList>('GET', `${R}/${id}/events`, { token: owner.token })).body.events;

describe('expiry', () => {
  it('refuses an expiry date in the past or more than a year ahead, creating nothing', async () => {
    const doc = await insertDocument(t, owner.user.id);
    const before = await snapshot(t);
    for (const expires_at of [
      new Date(Date.now() - DAY).toISOString(),
      new Date(Date.now() + 10 * 60_000).toISOString(),
      new Date(Date.now() + (REQUEST_EXPIRY.maxDays + 2) * DAY).toISOString(),
    ]) {
      const res = await t.request<{ code: string }>('POST', R, {
        token: owner.token,
        body: { title: 'Too early', documents: [{ document_id: doc.id }], expires_at },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('EXPIRY_INVALID');
    }
    const malformed = await t.request<{ code: string }>('POST', R, {
      token: owner.token,
      body: { title: 'Bad', expires_at: 'next friday' },
    });
    expect(malformed.status).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });

  it('a draft has no date until it is sent; then 30 days from sending', async () => {
    const draft = await request({}, false);
    expect(draft.expires_at).toBeNull();
    expect(draft.reminder_interval_days).toBeNull();
    const before = Date.now();
    const sent = await t.request<TSignatureRequest>('POST', `${R}/${draft.id}/initiate`, {
      token: owner.token,
    });
    const at = Date.parse(sent.body.expires_at ?? '');
    expect(at).toBeGreaterThanOrEqual(before + REQUEST_EXPIRY.defaultDays * DAY);
    expect(at).toBeLessThan(Date.now() + REQUEST_EXPIRY.defaultDays * DAY + 1000);
  });

  it('keeps the date chosen on the draft, and the owner may change it while open', async () => {
    const chosen = new Date(Date.now() + 3 * DAY).toISOString();
    const r = await request({ expires_at: chosen, reminder_interval_days: 2 });
    expect(r.expires_at).toBe(chosen);
    expect(r.reminder_interval_days).toBe(2);

    const later = new Date(Date.now() + 10 * DAY).toISOString();
    const changed = await t.request<TSignatureRequest>('PUT', `${R}/${r.id}`, {
      token: owner.token,
      body: { expires_at: later, reminder_interval_days: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.expires_at).toBe(later);
    expect(changed.body.reminder_interval_days).toBeNull();
    const change = (await events(r.id)).find((e) => e.type === 'schedule_changed');
    expect(change?.data).toEqual({ expires_at: later, reminder_interval_days: null });

    // Only the owner, and not to a date that has passed.
    const byAnna = await t.request('PUT', `${R}/${r.id}`, {
      token: anna.token,
      body: { expires_at: later },
    });
    expect(byAnna.status).toBe(403);
    const past = await t.request<{ code: string }>('PUT', `${R}/${r.id}`, {
      token: owner.token,
      body: { expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.body.code).toBe('EXPIRY_INVALID');
    expect((await get(r.id)).expires_at).toBe(later);
  });

  it('the sweep expires an open request once, tells everyone, and nothing more can happen', async () => {
    const observer = uniqueEmail('observer');
    const r = await request({ observers: [observer] });
    await t.mailbox.all();
    const expiresAt = Date.parse(r.expires_at ?? '');

    // Not before its date.
    expect(await expireRequests(t.deps, new Date(expiresAt - 1000))).not.toContain(r.id);
    expect((await get(r.id)).status_overall).toBe('OPEN');

    const when = new Date(expiresAt + 1000);
    expect(await expireRequests(t.deps, when)).toContain(r.id);
    // A second instance sweeping at the same time finds nothing left to do.
    expect(await expireRequests(t.deps, when)).not.toContain(r.id);

    const expired = await get(r.id);
    expect(expired.status_overall).toBe('EXPIRED');
    expect(expired.closed).toEqual({
      status: 'EXPIRED',
      at: when.toISOString(),
      by: null,
      message: null,
    });
    expect(expired.signatures.map((s) => s.status_code)).toEqual(['WITHDRAWN', 'WITHDRAWN']);
    const log = await events(r.id);
    expect(log.filter((e) => e.type === 'expired')).toHaveLength(1);
    expect(log.at(-1)?.actor).toEqual({ id: null, email: null });

    for (const to of [owner.email, anna.email, bruno.email, observer]) {
      const mail = await t.mailbox.last(to);
      expect(mail?.template, to).toBe('request-expired');
    }

    const before = await snapshot(t);
    const sign = await t.request<{ code: string }[]>('POST', '/api/v3/sign', {
      token: anna.token,
      body: [{ signatureRequestId: r.id }],
    });
    expect(sign.status).toBe(409);
    for (const path of ['remind', 'withdraw']) {
      const res = await t.request('POST', `${R}/${r.id}/${path}`, {
        token: owner.token,
        body: path === 'withdraw' ? { message: '' } : undefined,
      });
      expect(res.status, path).toBe(409);
    }
    const move = await t.request('PUT', `${R}/${r.id}`, {
      token: owner.token,
      body: { expires_at: new Date(Date.now() + DAY).toISOString() },
    });
    expect(move.status).toBe(409);
    expect(await snapshot(t)).toBe(before);

    // The list tells it apart: the cancelled colour, status EXPIRED.
    const list = await t.request<TSignatureRequestList>(
      'GET',
      '/api/v3/signature-requests-redesign?colour=cancelled&status=EXPIRED',
      { token: anna.token },
    );
    expect(list.body.items.map((i) => i.id)).toContain(r.id);
    const declinedOnly = await t.request<TSignatureRequestList>(
      'GET',
      '/api/v3/signature-requests-redesign?colour=cancelled&status=DECLINED',
      { token: anna.token },
    );
    expect(declinedOnly.body.items.map((i) => i.id)).not.toContain(r.id);
  });

  it('a signature that completes the request first wins over the sweep', async () => {
    const r = await request();
    await simulateSignature(t, r.id, anna.email);
    await simulateSignature(t, r.id, bruno.email);
    const far = new Date(Date.parse(r.expires_at ?? '') + DAY);
    expect(await expireRequests(t.deps, far)).not.toContain(r.id);
    const done = await get(r.id);
    expect(done.status_overall).toBe('SIGNED');
    expect(done.expires_at).toBeNull();
    expect(done.closed).toBeNull();
  });

  it("a direct signer's genuine link of an expired request answers 410, others still 404", async () => {
    const doc = await insertDocument(t, owner.user.id);
    const direct = uniqueEmail('direct');
    const created = await createRequest(t, owner.token, {
      title: 'Direct lease',
      direct_sign: true,
      documents: [{ document_id: doc.id }],
      signatures: [{ signer_identity_data: { email_address: direct }, direct: true }],
    });
    const sent = await t.request<TSignatureRequest>('POST', `${R}/${created.id}/initiate`, {
      token: owner.token,
    });
    const url = signingUrlOf(sent.body, direct);
    await expireRequests(t.deps, new Date(Date.parse(sent.body.expires_at ?? '') + 1000));
    const res = await t.request<{ code: string }>(
      'GET',
      `/api/v3/direct/signature-requests/${created.id}`,
      {
        headers: { Authorization: basicFor(url) },
      },
    );
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('REQUEST_EXPIRED');
    const forged = await t.request('GET', `/api/v3/direct/signature-requests/${created.id}`, {
      headers: { Authorization: basicFor(url.replace(/\/[^/]{10}(?=[^/]*$)/, '/AAAAAAAAAA')) },
    });
    expect(forged.status).toBe(404);
    // The direct signer is told in their language, without a link.
    const mail = await t.mailbox.last(direct);
    expect(mail?.template).toBe('request-expired-direct');
    expect(mail?.links ?? []).toEqual([]);
  });
});

describe('how requests end: who and why', () => {
  it('declined: by the signer, with their message; withdrawn: by the owner, with theirs', async () => {
    const a = await request();
    const declined = await t.request<TSignatureRequest>('POST', `${R}/${a.id}/decline`, {
      token: anna.token,
      body: { message: 'Wrong rent' },
    });
    expect(declined.body.closed).toMatchObject({
      status: 'DECLINED',
      by: { email: anna.email, name: 'Anna Meier' },
      message: 'Wrong rent',
    });
    expect(declined.body.expires_at).toBeNull();

    const b = await request();
    const withdrawn = await t.request<TSignatureRequest>('POST', `${R}/${b.id}/withdraw`, {
      token: owner.token,
      body: { message: 'Sent by mistake' },
    });
    expect(withdrawn.body.closed).toMatchObject({
      status: 'WITHDRAWN',
      by: { email: owner.email, name: 'Olivia Meier' },
      message: 'Sent by mistake',
    });
    expect((await get(b.id, bruno.token)).closed?.message).toBe('Sent by mistake');
  });

  it('signers appear by name: the account name, the name given, else none', async () => {
    const doc = await insertDocument(t, owner.user.id);
    const stranger = uniqueEmail('stranger');
    const named = uniqueEmail('named');
    const r = await createRequest(t, owner.token, {
      title: 'Names',
      documents: [{ document_id: doc.id }],
      signatures: [
        { account_email: anna.email },
        { signer_identity_data: { email_address: stranger } },
        {
          signer_identity_data: { email_address: named, first_name: 'Zofia', last_name: 'Łęcka' },
        },
      ],
    });
    const names = new Map(r.signatures.map((s) => [s.signer_identity_data.email_address, s.name]));
    expect(names.get(anna.email)).toBe('Anna Meier');
    expect(names.get(stranger)).toBeNull();
    expect(names.get(named)).toBe('Zofia Łęcka');
  });
});

describe('reminders', () => {
  it('"Remind" says when it next reaches somebody', async () => {
    const r = await request();
    const now = Date.now();
    expect(Date.parse(r.remind_available_at ?? '')).toBeLessThanOrEqual(Date.now());
    const reminded = await t.request<{ reminded: string[] }>('POST', `${R}/${r.id}/remind`, {
      token: owner.token,
    });
    expect(reminded.body.reminded).toEqual([anna.email]);
    const after = await get(r.id);
    const next = Date.parse(after.remind_available_at ?? '');
    expect(next).toBeGreaterThanOrEqual(now + REMIND_MIN_INTERVAL_MS - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + REMIND_MIN_INTERVAL_MS);
    // Signers see no reminder time: it is the owner's button.
    expect((await get(r.id, anna.token)).remind_available_at).toBeNull();
    const again = await t.request('POST', `${R}/${r.id}/remind`, { token: owner.token });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('automatic: the signer whose turn it is, after the interval, once, and never within the hour of a manual one', async () => {
    const r = await request({ reminder_interval_days: 2 });
    await t.mailbox.all();
    const invited = Date.parse(
      (await t.db.select().from(signers).where(eq(signers.requestId, r.id)))
        .find((s) => s.email === anna.email)
        ?.invitedAt?.toISOString() ?? '',
    );

    expect(await sendAutoReminders(t.deps, new Date(invited + DAY))).not.toContain(anna.email);
    const due = new Date(invited + 2 * DAY + 1000);
    const sent = await sendAutoReminders(t.deps, due);
    expect(sent.filter((e) => e === anna.email)).toHaveLength(1);
    // Bruno waits for Anna: no reminder for him.
    expect(sent).not.toContain(bruno.email);
    expect(await sendAutoReminders(t.deps, due)).not.toContain(anna.email);
    const mail = await t.mailbox.last(anna.email);
    expect(mail?.template).toBe('request-reminder');
    const entry = (await events(r.id)).filter((e) => e.type === 'reminded').at(-1);
    expect(entry?.data).toEqual({ signers: [anna.email], automatic: true });
    expect(entry?.actor).toEqual({ id: null, email: null });

    // The next one two days later, not before.
    expect(await sendAutoReminders(t.deps, new Date(due.getTime() + DAY))).not.toContain(
      anna.email,
    );
    expect(await sendAutoReminders(t.deps, new Date(due.getTime() + 2 * DAY))).toContain(
      anna.email,
    );
  });

  it('reminders off (the default): nothing is sent however long it waits', async () => {
    const r = await request();
    await sendAutoReminders(t.deps, new Date(Date.now() + 20 * DAY));
    expect((await events(r.id)).some((e) => e.type === 'reminded')).toBe(false);
  });
});
