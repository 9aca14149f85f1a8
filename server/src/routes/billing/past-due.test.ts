/**
 * Renewals that fail (issue 14), in the sandbox as at Stripe: a plan bought with a good card
 * whose card is then replaced in the customer portal by 4000 0000 0000 0341 (saved, its charges
 * fail): its renewal fails — `invoice.payment_failed`, the
 * subscription `past_due` (a payment issue) — and is retried on the schedule until a new card in
 * the customer portal pays it (`invoice.paid`, active again) or the last retry fails (the
 * subscription is deleted: the individual is on the free plan, the business needs a payment
 * method). For businesses and individuals alike; every webhook applied once.
 */
import { BILLING_CLOCK_PATH, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type {
  TInvoiceList,
  TPaymentEvent,
  TPortalSession,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import { PLAN_SANDBOX_PATH } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxInvoices, sandboxSubscriptions } from '../../db/schema/sandbox-subscriptions.ts';
import type { TSubscriptionOwner } from '../../providers/payments/provider.ts';
import { ofOwner } from '../../providers/payments/sandbox-subscriptions.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { as, businessCast } from '../businesses/testing.ts';
import { buyIndividualPlan } from '../plans/testing.ts';
import { buyPlan, deliverQueued, postWebhook, portalCard as savePortalCard } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { cards, retryDays } = PAYMENT_SANDBOX;

const invoicesOf = (owner: TSubscriptionOwner) =>
  t.db
    .select()
    .from(sandboxInvoices)
    .where(ofOwner(sandboxInvoices, owner))
    .orderBy(asc(sandboxInvoices.createdAt), asc(sandboxInvoices.number));
const subscriptionOf = async (owner: TSubscriptionOwner) =>
  (await t.db.select().from(sandboxSubscriptions).where(ofOwner(sandboxSubscriptions, owner)))[0];
/** The events' types, sorted: the webhooks of one moment are delivered in no set order. */
const types = (events: TPaymentEvent[]) => events.map((e) => e.type).sort();
/** The one event of `type` among `events`. */
const one = (events: TPaymentEvent[], type: string) => {
  const found = events.filter((e) => e.type === type);
  expect(found).toHaveLength(1);
  return found[0] as TPaymentEvent;
};

/** The plan clock of the test system: `days` on for this user's plan and subscription. */
async function planClock(userId: string, days: number) {
  const res = await t.request<{ renewed: number; retried: number }>(
    'POST',
    `${PLAN_SANDBOX_PATH}/clock`,
    { body: { userId, days } },
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** The billing clock of the test system: `days` on for this business. */
async function billingClock(businessId: string, days: number) {
  const res = await t.request<{ renewed: number; retried: number }>('POST', BILLING_CLOCK_PATH, {
    body: { businessId, days },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Days on from the first failed attempt to each retry, one clock move per retry. */
const retryGaps = retryDays.map((d, i) => d - (i === 0 ? 0 : (retryDays[i - 1] ?? 0)));

/** Saves `number` in the customer portal at `portalUrl`, as its form posts it. */
const portalCard = (portalUrl: string, number: string) => savePortalCard(t, portalUrl, number);

const userPlan = async (who: { token: string }) =>
  (await t.request<TUserPlan>('GET', '/api/v1/user/plan', { token: who.token })).body;
const individualPortal = (who: { token: string }) =>
  t.request<TPortalSession & { code?: string }>(
    'POST',
    '/api/v2/businesses/direct_upgrade/portal_session',
    { token: who.token },
  );

/**
 * Buys the individual plan with the card that pays, then saves the card whose charges fail in
 * the customer portal (nothing is due then: it is only saved), so the renewals fail.
 */
async function individualWithFailingCard(person: { token: string }) {
  const bought = await buyIndividualPlan(t, person);
  const session = await individualPortal(person);
  expect(session.status).toBe(200);
  expect((await portalCard(session.body.redirectUrl, cards.chargesFail)).status).toBe(200);
  expect(await deliverQueued(t)).toEqual([]);
  return bought;
}

describe('an individual whose card stops paying', () => {
  it('is past due after the failed renewal, and active again once a new card pays the invoice', async () => {
    const person = await signUp(t, { plan: 'free' });
    const owner = { userId: person.user.id };
    const bought = await individualWithFailingCard(person);
    // The card was saved and the first period paid.
    expect(bought.individual).toMatchObject({ state: 'active', paymentIssue: false });
    expect((await invoicesOf(owner)).map((i) => i.status)).toEqual(['paid']);

    expect(await planClock(person.user.id, 32)).toMatchObject({ renewed: 1 });
    const failed = await deliverQueued(t);
    expect(types(failed)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    expect(one(failed, 'customer.subscription.updated').data.object.status).toBe('past_due');
    expect((await subscriptionOf(owner))?.status).toBe('past_due');
    const [, open] = await invoicesOf(owner);
    expect(open).toMatchObject({ status: 'open', attemptCount: 1 });
    expect(open?.nextPaymentAttempt?.getTime()).toBeGreaterThan(Date.now());
    const issue = await userPlan(person);
    expect(issue.individual).toMatchObject({ state: 'active', paymentIssue: true });
    expect(issue.uploadAllowed).toBe(true);

    // The way out: the provider's customer portal for the user.
    const session = await individualPortal(person);
    expect(session.status).toBe(200);
    const page = await t.app.request(new URL(session.body.redirectUrl).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Card ending in 0341');
    expect(html).toContain(open?.number ?? '?');
    // Not a card: refused, nothing changed.
    expect((await portalCard(session.body.redirectUrl, '1234')).status).toBe(402);
    expect((await portalCard(session.body.redirectUrl, cards.declined)).status).toBe(402);
    expect(await deliverQueued(t)).toEqual([]);
    expect((await subscriptionOf(owner))?.cardLast4).toBe('0341');

    const saved = await portalCard(session.body.redirectUrl, cards.succeeds);
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('the open invoice is paid');
    const paid = await deliverQueued(t);
    expect(types(paid)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    expect(one(paid, 'customer.subscription.updated').data.object.status).toBe('active');
    expect((await invoicesOf(owner))[1]).toMatchObject({
      status: 'paid',
      cardLast4: '4242',
      attemptCount: 2,
      nextPaymentAttempt: null,
    });
    expect((await userPlan(person)).individual).toMatchObject({
      state: 'active',
      paymentIssue: false,
    });
    // The webhooks again change nothing, the failure's included.
    for (const event of [...failed, ...paid]) {
      expect((await postWebhook(t, event)).body.duplicate).toBe(true);
    }
    expect((await userPlan(person)).individual?.paymentIssue).toBe(false);

    // The new card pays the next renewal.
    await planClock(person.user.id, 31);
    expect(types(await deliverQueued(t))).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    expect((await invoicesOf(owner)).map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('loses the plan when the last retry fails: the subscription is deleted, the free plan is back', async () => {
    const person = await signUp(t, { plan: 'free' });
    const owner = { userId: person.user.id };
    await individualWithFailingCard(person);
    await planClock(person.user.id, 32);
    await deliverQueued(t);
    for (const [i, gap] of retryGaps.entries()) {
      // Nothing is retried before its day.
      expect(await planClock(person.user.id, gap - 1)).toMatchObject({ retried: 0 });
      expect(await planClock(person.user.id, 1)).toMatchObject({ retried: 1 });
      const events = types(await deliverQueued(t));
      const last = i === retryGaps.length - 1;
      expect(events).toEqual(
        last
          ? ['customer.subscription.deleted', 'invoice.payment_failed']
          : ['invoice.payment_failed'],
      );
      if (!last) expect((await userPlan(person)).individual?.paymentIssue).toBe(true);
    }
    expect((await subscriptionOf(owner))?.status).toBe('canceled');
    expect((await invoicesOf(owner))[1]).toMatchObject({
      status: 'uncollectible',
      attemptCount: retryDays.length + 1,
      nextPaymentAttempt: null,
    });
    const ended = await userPlan(person);
    expect(ended.individual?.state).toBe('cancelled');
    expect(ended.uploadAllowed).toBe(false);
    // The portal still shows the invoices, but there is no subscription left for a card.
    const session = await individualPortal(person);
    expect(session.status).toBe(200);
    expect((await portalCard(session.body.redirectUrl, cards.succeeds)).status).toBe(409);
    expect((await invoicesOf(owner))[1]?.status).toBe('uncollectible');
    // The clock runs on: nothing more happens to a deleted subscription.
    expect(await planClock(person.user.id, 40)).toMatchObject({ renewed: 0, retried: 0 });
    expect(await deliverQueued(t)).toEqual([]);
  });

  it('has no portal without a plan the provider bills', async () => {
    const person = await signUp(t, { plan: 'free' });
    const res = await individualPortal(person);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PLAN_NOT_BILLED');
  });
});

describe('a business whose card stops paying', () => {
  async function failingCast() {
    const cast = await businessCast(t);
    await buyPlan(t, cast.admin, cast.business.id, {
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
    });
    // The card whose charges fail replaces it in the portal (only saved: nothing is due).
    const session = await as(t, cast.admin)<TPortalSession>(
      'GET',
      `/v2/businesses/${cast.business.id}/stripe/cpsession`,
    );
    expect((await portalCard(session.body.redirectUrl, cards.chargesFail)).status).toBe(200);
    return cast;
  }
  const usage = (who: { token: string }, id: string) =>
    as(t, who)<TSubscriptionUsage>('GET', `/v2/businesses/${id}/subscriptions/usage`);

  it('is past due (the plan page warns) until a new card in the portal pays the open invoice', async () => {
    const { business, admin } = await failingCast();
    const owner = { businessId: business.id };
    expect((await usage(admin, business.id)).body.paymentIssue).toBe(false);
    expect(await billingClock(business.id, 32)).toMatchObject({ renewed: 1 });
    const failed = await deliverQueued(t);
    expect(types(failed)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    expect((await usage(admin, business.id)).body).toMatchObject({
      plan: 'PRO_V1',
      paymentIssue: true,
      locked: false,
    });

    // The console's invoice list shows the renewal unpaid (newest first).
    const listed = await as(t, admin)<TInvoiceList>(
      'GET',
      `/v2/businesses/${business.id}/subscriptions/invoices`,
    );
    expect(listed.body.items.map((i) => i.status)).toEqual(['open', 'paid']);

    const session = await as(t, admin)<TPortalSession>(
      'GET',
      `/v2/businesses/${business.id}/stripe/cpsession`,
    );
    // The same failing card again: saved, and the open invoice fails once more.
    const again = await portalCard(session.body.redirectUrl, cards.chargesFail);
    expect(again.status).toBe(402);
    expect(again.html).toContain('could not be charged');
    expect(types(await deliverQueued(t))).toEqual(['invoice.payment_failed']);
    expect((await invoicesOf(owner))[1]).toMatchObject({ status: 'open', attemptCount: 2 });
    expect((await usage(admin, business.id)).body.paymentIssue).toBe(true);

    expect((await portalCard(session.body.redirectUrl, cards.succeeds)).status).toBe(200);
    const paid = await deliverQueued(t);
    expect(types(paid)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    expect((await usage(admin, business.id)).body).toMatchObject({
      plan: 'PRO_V1',
      paymentIssue: false,
    });
    expect((await invoicesOf(owner))[1]).toMatchObject({ status: 'paid', cardLast4: '4242' });
    // An old failure delivered again changes nothing.
    const oldFailure = one(failed, 'customer.subscription.updated');
    expect((await postWebhook(t, oldFailure)).body.duplicate).toBe(true);
    expect((await usage(admin, business.id)).body.paymentIssue).toBe(false);
  });

  it('is cancelled and needs a payment method when the last retry fails', async () => {
    const { business, admin } = await failingCast();
    await billingClock(business.id, 32);
    await deliverQueued(t);
    // Each retry fails (delivered one clock move at a time: Stripe's webhooks of one moment
    // come in no set order), the last with the subscription's end.
    const delivered: string[][] = [];
    for (const gap of retryGaps) {
      expect(await billingClock(business.id, gap)).toMatchObject({ retried: 1 });
      delivered.push(types(await deliverQueued(t)));
    }
    expect(delivered).toEqual([
      ['invoice.payment_failed'],
      ['invoice.payment_failed'],
      ['customer.subscription.deleted', 'invoice.payment_failed'],
    ]);
    expect((await usage(admin, business.id)).body).toMatchObject({
      plan: 'CANCELED',
      planState: 'cancelled',
      locked: true,
    });
  });
});
