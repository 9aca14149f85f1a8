/**
 * Seat and plan changes of a business on Stripe, recoverable: the change is kept with its id
 * (the idempotency key) until Signet commits it, so when Stripe took it and Signet's commit
 * failed, the same change asked for again is made once at Stripe; and Stripe's subscription
 * events carry the price and quantity it holds, which Signet converges to. Against the local
 * stand-in for Stripe's API (STRIPE_API_BASE), on a real database.
 */
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { providerChanges } from '../../db/schema/provider-changes.ts';
import {
  STAND_IN_KEYS,
  standInEnv,
  startStripeStandIn,
  type TStandInCall,
} from '../../providers/payments/testing.ts';
import { as, businessCast } from '../../routes/businesses/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';

const SECRET = STAND_IN_KEYS.webhookSecret;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ env: standInEnv(standIn.url) });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** The subscription Stripe holds in the stand-in: its item's price and quantity. */
let held: { lookupKey: string; quantity: number; changes: number };
const PERIOD_END = Math.floor(Date.UTC(2027, 0, 15) / 1000);
const subscription = () => ({
  id: 'sub_1Run',
  object: 'subscription',
  status: 'active',
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1Item',
        object: 'subscription_item',
        quantity: held.quantity,
        current_period_end: PERIOD_END,
        price: { id: `price_${held.lookupKey}`, object: 'price', lookup_key: held.lookupKey },
      },
    ],
  },
});

beforeEach(() => {
  held = { lookupKey: 'pro_v1_monthly_chf', quantity: 3, changes: 0 };
  standIn.reset();
  standIn.answers = {
    'GET /v1/subscriptions/sub_1Run': () => ({ status: 200, body: subscription() }),
    'GET /v1/prices': (req: TStandInCall) => ({
      status: 200,
      body: {
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data: [{ id: `price_${req.query.get('lookup_keys[0]')}`, object: 'price' }],
      },
    }),
    // An update Stripe makes (a replay of a key it saw answers without this).
    'POST /v1/subscriptions/sub_1Run': (req: TStandInCall) => {
      held.changes += 1;
      const price = req.form.get('items[0][price]');
      if (price) held.lookupKey = price.replace(/^price_/, '');
      held.quantity = Number(req.form.get('items[0][quantity]') ?? held.quantity);
      return { status: 200, body: subscription() };
    },
  };
});

/** A business on PRO_V1 (3 seats, monthly, CHF) whose Stripe subscription Signet kept. */
async function payingBusiness() {
  const cast = await businessCast(t);
  await t.db
    .update(businesses)
    .set({
      paymentMethod: 'STRIPE',
      planName: 'PRO_V1',
      planCycle: 'monthly',
      planCurrency: 'CHF',
      planStartedAt: new Date(Date.now() - 5 * 86_400_000),
      trialEndsAt: null,
      seats: 3,
      providerSubscriptionId: 'sub_1Run',
    })
    .where(eq(businesses.id, cast.business.id));
  return cast;
}

/** Signet's commit of a business change fails (once dropped, it succeeds again). */
async function failingCommits(on: boolean) {
  if (on) {
    await t.db.execute(sql`create or replace function signet_test_fail() returns trigger
      language plpgsql as $$ begin raise exception 'the commit failed'; end $$`);
    await t.db.execute(sql`create trigger signet_test_fail before update of seats on businesses
      for each row execute function signet_test_fail()`);
  } else {
    await t.db.execute(sql`drop trigger signet_test_fail on businesses`);
  }
}

const postUpdates = () =>
  standIn.sent.filter((s) => s.method === 'POST' && s.path === '/v1/subscriptions/sub_1Run');

describe('a plan change at Stripe whose commit failed, asked for again', () => {
  it('is made once at Stripe: the same idempotency key, then Signet records it', async () => {
    const { business, admin } = await payingBusiness();
    const change = { plan: 'SCALE', cycle: 'monthly', currency: 'CHF', amountSeats: 5 };
    const upgrade = () =>
      as(t, admin)<TSubscriptionUsage & { code?: string }>(
        'PUT',
        `/v2/businesses/${business.id}/subscriptions/upgrade`,
        change,
      );
    await failingCommits(true);
    const failed = await upgrade();
    await failingCommits(false);
    expect(failed.status).toBe(500);
    // Stripe took it; Signet has not, and keeps the change (its key) for the retry.
    expect(held).toMatchObject({ lookupKey: 'scale_monthly_chf', quantity: 5, changes: 1 });
    const [before] = await t.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(before).toMatchObject({ planName: 'PRO_V1', seats: 3 });
    const pending = await t.db.select().from(providerChanges);
    expect(pending.filter((p) => p.businessId === business.id)).toHaveLength(1);

    const retried = await upgrade();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ plan: 'SCALE', seats: { total: 5 } });
    // One change at Stripe: the retry's update carried the same key and was replayed.
    expect(held.changes).toBe(1);
    expect(standIn.replayed).toBe(1);
    const keys = postUpdates().map((s) => s.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toBe(`signet-plan-sub_1Run-${pending[0]?.id}`);
    // Committed: the kept change is gone, and the next change has a key of its own.
    expect(
      (await t.db.select().from(providerChanges)).filter((p) => p.businessId === business.id),
    ).toEqual([]);
    const seats = await as(t, admin)<TSubscriptionUsage>(
      'PUT',
      `/v2/businesses/${business.id}/subscriptions/seats`,
      { seats: 6 },
    );
    expect(seats.status, JSON.stringify(seats.body)).toBe(200);
    const last = postUpdates().at(-1)?.headers['idempotency-key'];
    expect(last).toMatch(/^signet-seats-sub_1Run-[0-9a-f-]{36}$/);
    expect(held).toMatchObject({ quantity: 6, changes: 2 });
  });

  it('forgets a change Signet refused before calling Stripe (a 4xx)', async () => {
    const { business, admin } = await payingBusiness();
    const same = await as(t, admin)<{ code: string }>(
      'PUT',
      `/v2/businesses/${business.id}/subscriptions/upgrade`,
      { plan: 'PRO_V1', cycle: 'monthly', currency: 'CHF', amountSeats: 3 },
    );
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('PLAN_UNCHANGED');
    expect(postUpdates()).toEqual([]);
    expect(
      (await t.db.select().from(providerChanges)).filter((p) => p.businessId === business.id),
    ).toEqual([]);
  });
});

describe("Stripe's subscription events carry its price and quantity", () => {
  const stripe = new Stripe(STAND_IN_KEYS.secretKey);
  const post = (event: object) => {
    const body = JSON.stringify(event);
    return t.request('POST', '/api/v2/payments/stripe/webhook', {
      body,
      headers: {
        'content-type': 'application/json',
        'Stripe-Signature': stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: SECRET,
        }),
      },
    });
  };
  const updated = (businessId: string, created: number, lookupKey: string, quantity: number) => ({
    id: `evt_converge_${businessId}_${created}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: {
      object: {
        ...subscription(),
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1Item',
              quantity,
              current_period_end: PERIOD_END,
              price: { id: 'price_x', lookup_key: lookupKey },
            },
          ],
        },
        metadata: { businessId },
      },
    },
  });

  it('Signet converges to them when the event is newer; an older one or an unknown price changes nothing', async () => {
    const { business } = await payingBusiness();
    const now = Math.floor(Date.now() / 1000);
    const row = async () =>
      (await t.db.select().from(businesses).where(eq(businesses.id, business.id)))[0];
    // Changed at Stripe (its dashboard, or a change whose commit failed here).
    expect((await post(updated(business.id, now, 'scale_yearly_chf', 8))).status).toBe(200);
    expect(await row()).toMatchObject({
      planName: 'SCALE',
      planCycle: 'yearly',
      planCurrency: 'CHF',
      seats: 8,
      planPeriodEndsAt: new Date(PERIOD_END * 1000),
    });
    // Out of order: an older event does not move it back.
    await post(updated(business.id, now - 10, 'pro_v1_monthly_chf', 3));
    expect(await row()).toMatchObject({ planName: 'SCALE', seats: 8 });
    // A price Signet does not sell: the plan stays, the quantity is taken.
    await post(updated(business.id, now + 10, 'unknown_plan_monthly_chf', 9));
    expect(await row()).toMatchObject({ planName: 'SCALE', planCycle: 'yearly', seats: 9 });
  });
});
