import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TPaymentEvent, TSetupIntent } from '@signet/shared/billing/billing.schema';
import {
  FREE_SIGNATURES_PER_MONTH,
  PLAN_ERRORS,
  SETUP_INTENT_PARAM,
} from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { signers } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { PAYMENT_WEBHOOK_JOB } from '../../providers/payments/sandbox.ts';
import { createTestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { enterCard, postWebhook } from '../billing/testing.ts';
import { addMember, newBusiness } from '../businesses/testing.ts';
import { createDocumentsTestApp, uploadMultipart, uploadPdf } from '../documents/testing.ts';
import { newSignatureRequest, signBatch } from '../signing/testing.ts';
import { buyIndividualPlan, INDIVIDUAL_PLAN } from './testing.ts';

let t: Awaited<ReturnType<typeof createDocumentsTestApp>>;
beforeAll(async () => {
  t = await createDocumentsTestApp();
});
afterAll(() => t.cleanup());

const PLAN = '/api/v1/user/plan';
const SETUP = '/api/v2/businesses/direct_upgrade/stripe_setup_intent';
const CONFIRM = '/api/v2/businesses/direct_upgrade/confirm';

const planOf = (who: { token: string }) => t.request<TUserPlan>('GET', PLAN, { token: who.token });
const setup = (who: { token: string }, body: unknown) =>
  t.request<TSetupIntent & { code?: string }>('POST', SETUP, { token: who.token, body });
const confirm = (who: { token: string }, setupIntentId: unknown) =>
  t.request<TUserPlan & { code?: string }>('POST', CONFIRM, {
    token: who.token,
    body: { setupIntentId },
  });
const documentCount = async () => (await t.db.select({ n: count() }).from(documents))[0]?.n ?? 0;
const monthly = { plan: INDIVIDUAL_PLAN, cycle: 'monthly', currency: 'EUR' };

describe('the new free plan', () => {
  it('is where a new sign-up starts: no upload, the free quota of the month', async () => {
    const free = await signUp(t, { plan: 'free' });
    expect(free.user.attributes.freeAccountType).toBe('free_v1');
    const plan = await planOf(free);
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({
      kind: 'free',
      name: null,
      freeAccountType: 'free_v1',
      uploadAllowed: false,
      signatures: { quota: FREE_SIGNATURES_PER_MONTH, used: 0, left: FREE_SIGNATURES_PER_MONTH },
    });
    const resets = new Date(plan.body.signatures?.resetsAt ?? '');
    expect(resets.getUTCDate()).toBe(1);
    expect(resets.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses an upload with 402 PLAN_UPLOAD_NOT_INCLUDED and stores nothing (multipart, base64, inline in a request)', async () => {
    const free = await signUp(t, { plan: 'free' });
    const pdf = await makeTestPdf();
    const before = await documentCount();
    const multipart = await uploadMultipart(t, free.token, pdf);
    expect(multipart.status).toBe(402);
    expect(await multipart.json()).toMatchObject({ code: PLAN_ERRORS.uploadNotIncluded });
    const base64 = await t.request<{ code: string }>('POST', '/api/v3/documents', {
      token: free.token,
      body: { title: 'Contract', content: Buffer.from(pdf).toString('base64') },
    });
    expect(base64.status).toBe(402);
    expect(base64.body.code).toBe(PLAN_ERRORS.uploadNotIncluded);
    const inline = await t.request<{ code: string }>('POST', '/api/v3/signature-requests', {
      token: free.token,
      body: {
        title: 'Inline',
        documents: [{ title: 'Contract', content: Buffer.from(pdf).toString('base64') }],
        signatures: [{ account_email: 'someone@example.ch' }],
      },
    });
    expect(inline.status).toBe(402);
    expect(inline.body.code).toBe(PLAN_ERRORS.uploadNotIncluded);
    expect(await documentCount()).toBe(before);
  });

  it('keeps uploading for the legacy free plan and for business members', async () => {
    const legacy = await signUp(t, { plan: 'legacy' });
    expect((await planOf(legacy)).body).toMatchObject({ kind: 'free', uploadAllowed: true });
    await uploadPdf(t, legacy.token, await makeTestPdf());

    const { business, admin } = await newBusiness(t, 'Seat AG', await signUp(t, { plan: 'free' }));
    const member = await signUp(t, { plan: 'free' });
    expect((await planOf(admin)).body).toMatchObject({ kind: 'business', signatures: null });
    await addMember(t, business.id, admin, member);
    expect((await planOf(member)).body).toMatchObject({ kind: 'business', uploadAllowed: true });
    await uploadPdf(t, member.token, await makeTestPdf());
  });
});

describe('the direct upgrade to the individual plan', () => {
  it('goes through the card page and the confirm call; then uploads, without a quota', async () => {
    const person = await signUp(t, { plan: 'free' });
    const intent = await setup(person, monthly);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(new URL(intent.body.redirectUrl).pathname).toBe(
      `${PAYMENT_SANDBOX.path}/setup/${intent.body.id}`,
    );
    // Not accepted yet: the plan does not start.
    const early = await confirm(person, intent.body.id);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(PLAN_ERRORS.setupNotSucceeded);
    // A declined card: still free.
    const declined = await enterCard(t, intent.body.redirectUrl, PAYMENT_SANDBOX.cards.declined);
    expect(declined.status).toBe(402);
    expect((await confirm(person, intent.body.id)).status).toBe(409);
    expect((await planOf(person)).body.kind).toBe('free');

    const ok = await enterCard(t, intent.body.redirectUrl, PAYMENT_SANDBOX.cards.succeeds);
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location') ?? '');
    expect(back.pathname).toBe('/upgrade');
    expect(back.searchParams.get(SETUP_INTENT_PARAM)).toBe(intent.body.id);
    const done = await confirm(person, intent.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      kind: 'individual',
      name: INDIVIDUAL_PLAN,
      uploadAllowed: true,
      signatures: null,
    });
    // Confirming again changes nothing.
    const [row] = await t.db.select().from(users).where(eq(users.id, person.user.id));
    expect((await confirm(person, intent.body.id)).status).toBe(200);
    const [again] = await t.db.select().from(users).where(eq(users.id, person.user.id));
    expect(again?.individualPlanStartedAt).toEqual(row?.individualPlanStartedAt);
    await uploadPdf(t, person.token, await makeTestPdf());

    const twice = await setup(person, monthly);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(PLAN_ERRORS.alreadyPaid);
  });

  it("starts the plan from the provider's webhook too, once", async () => {
    const person = await signUp(t, { plan: 'free' });
    const intent = await setup(person, { ...monthly, cycle: 'yearly', currency: 'CHF' });
    expect(intent.status).toBe(200);
    await enterCard(t, intent.body.redirectUrl, PAYMENT_SANDBOX.cards.succeeds);
    const queued = await t.db
      .delete(jobs)
      .where(and(eq(jobs.kind, PAYMENT_WEBHOOK_JOB), eq(jobs.status, 'pending')))
      .returning();
    const events = queued.map((r) => (r.payload as { event: TPaymentEvent }).event);
    const succeeded = events.find(
      (e) => e.type === 'setup_intent.succeeded' && e.data.object.id === intent.body.id,
    );
    expect(succeeded).toBeDefined();
    const post = () => postWebhook(t, succeeded as TPaymentEvent);
    expect((await post()).body).toMatchObject({ duplicate: false });
    expect((await planOf(person)).body).toMatchObject({ kind: 'individual', uploadAllowed: true });
    expect((await post()).body).toMatchObject({ duplicate: true });
    // The page's confirm after the webhook: the same plan, nothing moves.
    expect((await confirm(person, intent.body.id)).body.kind).toBe('individual');
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const person = await signUp(t, { plan: 'free' });
    const other = await signUp(t, { plan: 'free' });
    for (const [body, code, status] of [
      [{ ...monthly, plan: 'PRO_V1' }, 'PLAN_UNKNOWN', 422],
      [{ ...monthly, plan: 'NOPE' }, 'PLAN_UNKNOWN', 422],
      [{ ...monthly, cycle: 'weekly' }, 'VALIDATION_FAILED', 400],
      [{ ...monthly, seats: 3 }, 'VALIDATION_FAILED', 400],
      [{ cycle: 'monthly' }, 'VALIDATION_FAILED', 400],
    ] as const) {
      const res = await setup(person, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const intent = await setup(person, monthly);
    await enterCard(t, intent.body.redirectUrl, PAYMENT_SANDBOX.cards.succeeds);
    // Someone else's intent, an unknown one, none at all.
    const stolen = await confirm(other, intent.body.id);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('SETUP_INTENT_NOT_FOUND');
    expect((await confirm(other, 'seti_nope')).status).toBe(404);
    expect((await confirm(other, '')).status).toBe(400);
    expect((await planOf(other)).body.kind).toBe('free');
    // A business seat needs no individual plan.
    const { admin } = await newBusiness(t, 'Paid AG', await signUp(t, { plan: 'free' }));
    const seat = await setup(admin, monthly);
    expect(seat.status).toBe(409);
    expect(seat.body.code).toBe(PLAN_ERRORS.alreadyPaid);
    // Anonymous callers.
    expect((await t.request('GET', PLAN)).status).toBe(401);
    expect((await t.request('POST', SETUP, { body: monthly })).status).toBe(401);
  });

  it('answers 503 PAYMENTS_UNAVAILABLE without a payment provider', async () => {
    const off = await createTestApp({ env: { PAYMENT_PROVIDER: 'none' }, database: t.database });
    try {
      const person = await signUp(off, { plan: 'free' });
      const res = await off.request<{ code: string }>('POST', SETUP, {
        token: person.token,
        body: monthly,
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('PAYMENTS_UNAVAILABLE');
    } finally {
      await off.close();
    }
  });
});

/** A new request of one document from `owner`, with `signer` its only signer. */
async function requestsTo(signer: { email: string }) {
  const pdf = await makeTestPdf();
  return async (owner: { token: string }) =>
    newSignatureRequest(t, owner.token, await uploadPdf(t, owner.token, pdf), [
      { email: signer.email, order: 1 },
    ]);
}

/** `count` free signatures of `signer` this month, as the signing service leaves them. */
async function signedFreely(
  request: Awaited<ReturnType<typeof requestsTo>>,
  sender: { token: string },
  signer: { email: string },
  count: number,
) {
  for (let i = 0; i < count; i++) {
    const r = await request(sender);
    await t.db
      .update(signers)
      .set({ signedAt: new Date() })
      .where(and(eq(signers.requestId, r.id), eq(signers.email, signer.email)));
  }
}

describe('the free signature quota', () => {
  it('counts the free signatures of the month and refuses one beyond them (402, nothing signed)', async () => {
    // A legacy free sender (uploads, pays nothing) and a new free signer.
    const sender = await signUp(t, { plan: 'legacy' });
    const signer = await signUp(t, { plan: 'free' });
    const request = await requestsTo(signer);

    const first = await request(sender);
    expect(await signBatch(t, signer.token, [{ signatureRequestId: first.id }])).toMatchObject([
      { ok: true },
    ]);
    expect((await planOf(signer)).body.signatures).toMatchObject({ used: 1, left: 4 });
    // Four more free signatures this month (as the signing service leaves them).
    await signedFreely(request, sender, signer, FREE_SIGNATURES_PER_MONTH - 1);
    expect((await planOf(signer)).body.signatures).toMatchObject({ used: 5, left: 0 });

    const beyond = await request(sender);
    const refused = await signBatch(t, signer.token, [{ signatureRequestId: beyond.id }]);
    expect(refused.status).toBe(402);
    expect(refused[0]).toMatchObject({ ok: false, code: PLAN_ERRORS.signaturesExhausted });
    const [slot] = await t.db.select().from(signers).where(eq(signers.requestId, beyond.id));
    expect(slot?.signedAt).toBeNull();
    const lock = await t.request<{ locked: boolean }>(
      'GET',
      `/api/v3/signature-requests/${beyond.id}/lock-status`,
      { token: signer.token },
    );
    if (lock.status === 200) expect(lock.body.locked).toBe(false);

    // A paying sender's request never counts: the individual plan pays.
    const payer = await signUp(t);
    const paid = await request(payer);
    expect(await signBatch(t, signer.token, [{ signatureRequestId: paid.id }])).toMatchObject([
      { ok: true },
    ]);
    expect((await planOf(signer)).body.signatures).toMatchObject({ used: 5 });

    // With the individual plan the quota is gone.
    await buyIndividualPlan(t, signer);
    expect(await signBatch(t, signer.token, [{ signatureRequestId: beyond.id }])).toMatchObject([
      { ok: true },
    ]);
  });

  it('skips the check only for a paid request: a sender whose plan ended pays for nothing', async () => {
    // The signer's free signatures of the month are used up.
    const legacy = await signUp(t, { plan: 'legacy' });
    const signer = await signUp(t, { plan: 'free' });
    const request = await requestsTo(signer);
    await signedFreely(request, legacy, signer, FREE_SIGNATURES_PER_MONTH);
    // Sent while the sender's individual plan ran; the plan ended before the signature.
    const payer = await signUp(t);
    const sent = await request(payer);
    await t.db
      .update(users)
      .set({ individualPlanEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, payer.user.id));
    const refused = await signBatch(t, signer.token, [{ signatureRequestId: sent.id }]);
    expect(refused.status).toBe(402);
    expect(refused[0]).toMatchObject({ ok: false, code: PLAN_ERRORS.signaturesExhausted });
    const [slot] = await t.db.select().from(signers).where(eq(signers.requestId, sent.id));
    expect(slot?.signedAt).toBeNull();

    // A running plan (its cancel's end still ahead) pays: signed, and the count stays.
    await t.db
      .update(users)
      .set({ individualPlanEndsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, payer.user.id));
    expect(await signBatch(t, signer.token, [{ signatureRequestId: sent.id }])).toMatchObject([
      { ok: true },
    ]);
    expect((await planOf(signer)).body.signatures).toMatchObject({ used: 5, left: 0 });

    // A request sent for a business is paid by the business.
    const { admin } = await newBusiness(t, 'Quota AG');
    const forBusiness = await request(admin);
    expect(
      await signBatch(t, signer.token, [{ signatureRequestId: forBusiness.id }]),
    ).toMatchObject([{ ok: true }]);
    expect((await planOf(signer)).body.signatures).toMatchObject({ used: 5, left: 0 });
  });

  it("counts only this month's signatures", async () => {
    const sender = await signUp(t, { plan: 'legacy' });
    const signer = await signUp(t, { plan: 'free' });
    const pdf = await makeTestPdf();
    const lastMonth = new Date();
    lastMonth.setUTCDate(0); // the last day of the previous month
    for (let i = 0; i < FREE_SIGNATURES_PER_MONTH; i++) {
      const doc = await uploadPdf(t, sender.token, pdf);
      const r = await newSignatureRequest(t, sender.token, doc, [
        { email: signer.email, order: 1 },
      ]);
      await t.db
        .update(signers)
        .set({ signedAt: lastMonth })
        .where(and(eq(signers.requestId, r.id), eq(signers.email, signer.email)));
    }
    expect((await planOf(signer)).body.signatures).toMatchObject({ used: 0, left: 5 });
  });
});
