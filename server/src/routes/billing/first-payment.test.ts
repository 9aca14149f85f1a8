/**
 * A first invoice that fails (issue 14), in the sandbox as at Stripe: the card 4000 0000 0000
 * 0341 is saved, but the subscription's first invoice is declined — the subscription is
 * `incomplete`, no plan starts (the direct upgrade's confirm answers 402 FIRST_PAYMENT_FAILED; a
 * business stays as it was, its record says `incomplete`), and unpaid after 23 hours it is
 * `incomplete_expired` by webhook (the invoice void). A later purchase with a card that pays
 * works, and the earlier subscription's expiry does not touch the plan it started.
 */
import { BILLING_CLOCK_PATH, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type {
  TPaymentEvent,
  TSetupIntent,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import { PLAN_SANDBOX_PATH, SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDiscounts, promoCodes } from '../../db/schema/promo-codes.ts';
import { sandboxInvoices, sandboxSubscriptions } from '../../db/schema/sandbox-subscriptions.ts';
import type { TSubscriptionOwner } from '../../providers/payments/provider.ts';
import { ofOwner } from '../../providers/payments/sandbox-subscriptions.ts';
import { seedSandboxPromoCodes } from '../../services/billing/promo-codes.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { as, businessCast } from '../businesses/testing.ts';
import { buyIndividualPlan, INDIVIDUAL_PLAN } from '../plans/testing.ts';
import { buyPlan, deliverQueued, enterCard } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSandboxPromoCodes(t.db);
});
afterAll(() => t.close());

const { cards } = PAYMENT_SANDBOX;

const subscriptionsOf = (owner: TSubscriptionOwner) =>
  t.db
    .select()
    .from(sandboxSubscriptions)
    .where(ofOwner(sandboxSubscriptions, owner))
    .orderBy(asc(sandboxSubscriptions.createdAt));
const invoicesOf = (owner: TSubscriptionOwner) =>
  t.db
    .select()
    .from(sandboxInvoices)
    .where(ofOwner(sandboxInvoices, owner))
    .orderBy(asc(sandboxInvoices.createdAt));
/** The events' types, sorted: the webhooks of one moment are delivered in no set order. */
const types = (events: TPaymentEvent[]) => events.map((e) => e.type).sort();
const statusesIn = (events: TPaymentEvent[]) =>
  events
    .filter((e) => e.type.startsWith('customer.subscription.'))
    .map((e) => e.data.object.status);

describe('an individual whose first payment fails', () => {
  it('sees the decline, gets no plan, and the subscription expires after 23 hours', async () => {
    const person = await signUp(t, { plan: 'free' });
    const owner = { userId: person.user.id };
    const intent = await t.request<TSetupIntent>(
      'POST',
      '/api/v2/businesses/direct_upgrade/stripe_setup_intent',
      { token: person.token, body: { plan: INDIVIDUAL_PLAN, cycle: 'monthly', currency: 'CHF' } },
    );
    const entered = await enterCard(t, intent.body.redirectUrl, cards.chargesFail);
    // The card is saved (the setup intent succeeds) ...
    expect(entered.status).toBe(303);
    const back = new URL(entered.headers.get('location') ?? '');
    const confirm = () =>
      t.request<{ code: string; message: string }>(
        'POST',
        '/api/v2/businesses/direct_upgrade/confirm',
        { token: person.token, body: { setupIntentId: back.searchParams.get(SETUP_INTENT_PARAM) } },
      );
    // ... but it does not pay the first invoice: the page shows the decline, no plan starts.
    const declined = await confirm();
    expect(declined.status).toBe(402);
    expect(declined.body.code).toBe('FIRST_PAYMENT_FAILED');
    expect(declined.body.message).toMatch(/declined/);
    const [sub] = await subscriptionsOf(owner);
    expect(sub?.status).toBe('incomplete');
    expect(await invoicesOf(owner)).toMatchObject([{ status: 'open', nextPaymentAttempt: null }]);
    // The webhooks (the card saved, the failed payment, the incomplete subscription) start
    // nothing either, and asking again answers the same.
    const events = await deliverQueued(t);
    expect(types(events)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
      'setup_intent.succeeded',
    ]);
    expect(statusesIn(events)).toEqual(['incomplete']);
    expect((await confirm()).status).toBe(402);
    expect(await subscriptionsOf(owner)).toHaveLength(1);
    const plan = (await t.request<TUserPlan>('GET', '/api/v1/user/plan', { token: person.token }))
      .body;
    expect(plan.individual).toBeNull();
    expect(plan.uploadAllowed).toBe(false);

    // 23 hours unpaid (the test system's clock moves a day on): incomplete_expired.
    const clock = await t.request<{ incompleteExpired: number }>(
      'POST',
      `${PLAN_SANDBOX_PATH}/clock`,
      {
        body: { userId: person.user.id, days: 1 },
      },
    );
    expect(clock.body).toMatchObject({ incompleteExpired: 1 });
    expect(statusesIn(await deliverQueued(t))).toEqual(['incomplete_expired']);
    expect((await subscriptionsOf(owner))[0]?.status).toBe('incomplete_expired');
    expect((await invoicesOf(owner))[0]?.status).toBe('void');

    // A card that pays buys the plan afterwards.
    const bought = await buyIndividualPlan(t, person);
    expect(bought.individual).toMatchObject({ state: 'active', paymentIssue: false });
    expect(bought.uploadAllowed).toBe(true);
    expect((await subscriptionsOf(owner)).map((s) => s.status)).toEqual([
      'incomplete_expired',
      'active',
    ]);
  });
});

describe('a business whose first payment fails', () => {
  const usage = async (who: { token: string }, id: string) =>
    (await as(t, who)<TSubscriptionUsage>('GET', `/v2/businesses/${id}/subscriptions/usage`)).body;
  const clock = async (businessId: string, days: number) =>
    (
      await t.request<{ incompleteExpired: number }>('POST', BILLING_CLOCK_PATH, {
        body: { businessId, days },
      })
    ).body;
  const redemptions = async () =>
    (
      await t.db
        .select({ n: promoCodes.redemptions })
        .from(promoCodes)
        .where(eq(promoCodes.code, 'TEST10'))
    )[0]?.n;
  const PLAN = { plan: 'PRO_V1', cycle: 'monthly', currency: 'CHF', seats: 3, promoCode: 'TEST10' };

  it('keeps its trial, records incomplete then incomplete_expired, and takes no discount', async () => {
    const { business, admin } = await businessCast(t);
    const before = await usage(admin, business.id);
    const redeemed = await redemptions();
    await buyPlan(t, admin, business.id, PLAN, cards.chargesFail);
    const failed = await usage(admin, business.id);
    // No plan started: the trial runs on; the failed payment is a payment issue (spec section 4).
    expect(failed).toMatchObject({
      plan: before.plan,
      paymentMethod: 'TRIALING',
      subscriptionStatus: 'incomplete',
      paymentIssue: true,
      seats: before.seats,
    });
    expect(
      await t.db
        .select()
        .from(businessDiscounts)
        .where(eq(businessDiscounts.businessId, business.id)),
    ).toEqual([]);
    expect(await redemptions()).toBe(redeemed);

    expect(await clock(business.id, 1)).toMatchObject({ incompleteExpired: 1 });
    expect(statusesIn(await deliverQueued(t))).toEqual(['incomplete_expired']);
    // Never started: no payment issue any more (spec section 4), still trialing.
    expect(await usage(admin, business.id)).toMatchObject({
      paymentMethod: 'TRIALING',
      subscriptionStatus: 'incomplete_expired',
      paymentIssue: false,
    });
  });

  it('buys the plan with a card that pays; the failed subscription expiring changes nothing', async () => {
    const { business, admin } = await businessCast(t);
    await buyPlan(t, admin, business.id, PLAN, cards.chargesFail);
    await buyPlan(t, admin, business.id, PLAN);
    const paid = await usage(admin, business.id);
    expect(paid).toMatchObject({
      plan: 'PRO_V1',
      paymentMethod: 'STRIPE',
      subscriptionStatus: 'active',
      paymentIssue: false,
      seats: { total: 3 },
    });
    expect(
      await t.db
        .select()
        .from(businessDiscounts)
        .where(eq(businessDiscounts.businessId, business.id)),
    ).toHaveLength(1);
    const owner = { businessId: business.id };
    expect((await subscriptionsOf(owner)).map((s) => s.status)).toEqual(['incomplete', 'active']);

    // A day on: the first one expires (its webhook says so), the running plan is untouched.
    expect(await clock(business.id, 1)).toMatchObject({ incompleteExpired: 1 });
    expect(statusesIn(await deliverQueued(t))).toEqual(['incomplete_expired']);
    expect(await usage(admin, business.id)).toMatchObject({
      plan: 'PRO_V1',
      paymentMethod: 'STRIPE',
      subscriptionStatus: 'active',
      paymentIssue: false,
    });
  });
});
