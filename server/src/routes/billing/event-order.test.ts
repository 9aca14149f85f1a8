/**
 * The order of the provider's subscription events (issue 14: "events out of order do not move a
 * subscription backwards"), beyond whole seconds: the sandbox numbers its events, so two events
 * of the same second delivered in the wrong order are told apart by that sequence; without one
 * (Stripe) an ended subscription does not come back within its second; a replay changes nothing.
 */
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type {
  TPaymentEvent,
  TPortalSession,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import { PLAN_SANDBOX_PATH } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { as, businessCast } from '../businesses/testing.ts';
import { buyIndividualPlan } from '../plans/testing.ts';
import {
  buyPlan,
  nowS,
  postWebhook,
  portalCard as savePortalCard,
  takeQueuedEvents,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { cards } = PAYMENT_SANDBOX;

/** Saves `number` in the customer portal at `portalUrl`. */
async function portalCard(portalUrl: string, number: string) {
  expect((await savePortalCard(t, portalUrl, number)).status).toBe(200);
}

/** The one subscription update among `events`, moved into second `created`. */
function updateAt(events: TPaymentEvent[], created: number): TPaymentEvent {
  const [update] = events.filter((e) => e.type === 'customer.subscription.updated');
  expect(update).toBeDefined();
  return { ...(update as TPaymentEvent), created };
}

async function deliverAll(events: TPaymentEvent[]) {
  for (const e of events) expect((await postWebhook(t, e)).status).toBe(200);
}

/**
 * A renewal charged to a failing card (its update: past_due), then the new card in the portal
 * paying it (its update: active), both held back and moved into the same second.
 */
async function pastDueThenPaid(portalUrl: string, clock: () => Promise<void>) {
  await portalCard(portalUrl, cards.chargesFail);
  await clock();
  const failed = await takeQueuedEvents(t);
  await portalCard(portalUrl, cards.succeeds);
  const paid = await takeQueuedEvents(t);
  const second = nowS() + 30;
  const pastDue = updateAt(failed, second);
  const active = updateAt(paid, second);
  expect(pastDue.data.object.status).toBe('past_due');
  expect(active.data.object.status).toBe('active');
  // The sandbox numbered them in the order it made them.
  expect(active.sequence ?? 0).toBeGreaterThan(pastDue.sequence ?? Infinity);
  return {
    pastDue,
    active,
    rest: [...failed, ...paid].filter((e) => e.type !== 'customer.subscription.updated'),
  };
}

describe('two events of one second delivered out of order', () => {
  it("do not move a business's subscription back (the sandbox's sequence); a replay changes nothing", async () => {
    const { business, admin } = await businessCast(t);
    await buyPlan(t, admin, business.id, {
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
    });
    const portal = await as(t, admin)<TPortalSession>(
      'GET',
      `/v2/businesses/${business.id}/stripe/cpsession`,
    );
    const { pastDue, active, rest } = await pastDueThenPaid(portal.body.redirectUrl, async () => {
      const res = await t.request('POST', '/sandbox/billing/clock', {
        body: { businessId: business.id, days: 32 },
      });
      expect(res.status).toBe(200);
    });
    const usage = async () =>
      (
        await as(t, admin)<TSubscriptionUsage>(
          'GET',
          `/v2/businesses/${business.id}/subscriptions/usage`,
        )
      ).body;
    await deliverAll(rest);
    // The later (active) arrives first, the earlier (past_due) of the same second after it.
    await deliverAll([active, pastDue]);
    expect(await usage()).toMatchObject({ subscriptionStatus: 'active', paymentIssue: false });
    // A replay of either is recognised and changes nothing.
    const replay = await postWebhook(t, pastDue);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await postWebhook(t, active)).body.duplicate).toBe(true);
    expect(await usage()).toMatchObject({ subscriptionStatus: 'active', paymentIssue: false });
  });

  it("do not move an individual's plan back", async () => {
    const person = await signUp(t, { plan: 'free' });
    await buyIndividualPlan(t, person);
    const portal = await t.request<TPortalSession>(
      'POST',
      '/api/v2/businesses/direct_upgrade/portal_session',
      { token: person.token },
    );
    const { pastDue, active, rest } = await pastDueThenPaid(portal.body.redirectUrl, async () => {
      const res = await t.request('POST', `${PLAN_SANDBOX_PATH}/clock`, {
        body: { userId: person.user.id, days: 32 },
      });
      expect(res.status).toBe(200);
    });
    await deliverAll([...rest, active, pastDue]);
    const plan = (await t.request<TUserPlan>('GET', '/api/v1/user/plan', { token: person.token }))
      .body;
    expect(plan.individual).toMatchObject({ state: 'active', paymentIssue: false });
  });

  it('without a sequence (Stripe): an ended subscription does not come back within its second', async () => {
    const { business, admin } = await businessCast(t);
    await buyPlan(t, admin, business.id, {
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
    });
    const [row] = await t.db
      .select({ id: businesses.providerSubscriptionId })
      .from(businesses)
      .where(eq(businesses.id, business.id));
    const second = nowS() + 30;
    const object = {
      id: row?.id ?? '',
      metadata: { businessId: business.id },
      price_lookup_key: 'pro_v1_monthly_chf',
      quantity: 3,
    };
    const deleted: TPaymentEvent = {
      id: `evt_del_${business.id}`,
      type: 'customer.subscription.deleted',
      created: second,
      data: { object: { ...object, status: 'canceled' } },
    };
    const stillActive: TPaymentEvent = {
      id: `evt_upd_${business.id}`,
      type: 'customer.subscription.updated',
      created: second,
      data: { object: { ...object, status: 'active' } },
    };
    await deliverAll([deleted, stillActive]);
    expect(
      (
        await as(t, admin)<TSubscriptionUsage>(
          'GET',
          `/v2/businesses/${business.id}/subscriptions/usage`,
        )
      ).body,
    ).toMatchObject({
      plan: 'CANCELED',
      subscriptionStatus: 'canceled',
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
    });
  });
});
