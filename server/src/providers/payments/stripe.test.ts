/**
 * The Stripe provider without network: Stripe-shaped fixtures (as Stripe's API sends them) mapped
 * to our events, and webhook signatures made with `stripe.webhooks.generateTestHeaderString`.
 * Nothing here talks to Stripe.
 */

import { priceLookupKey } from '@signet/shared/billing/billing.rules';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { as, businessCast } from '../../routes/businesses/testing.ts';
import { PAYMENT_SUBSCRIPTION_JOB } from '../../services/billing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { couponParams, stripePaymentProvider, toPaymentEvent } from './stripe.ts';

const SECRET = 'whsec_test_signet';
const stripe = new Stripe('sk_test_signet');
const provider = stripePaymentProvider(
  { stripe: { secretKey: 'sk_test_signet', webhookSecret: SECRET } },
  stripe,
);
const sign = (payload: string, secret = SECRET, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });

/** A `setup_intent.succeeded` event as Stripe sends it (fields trimmed to those of the API). */
function setupIntentSucceeded(metadata: Record<string, string>) {
  return {
    id: 'evt_1QxSetup',
    object: 'event',
    api_version: '2026-01-28.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'setup_intent.succeeded',
    data: {
      object: {
        id: 'seti_1QxSetupIntent',
        object: 'setup_intent',
        customer: 'cus_Rsignet',
        payment_method: 'pm_1QxCard',
        status: 'succeeded',
        usage: 'off_session',
        livemode: false,
        metadata,
      },
    },
  };
}

/** A `customer.subscription.updated` event with `status`. */
function subscriptionUpdated(status: string, created: number) {
  return {
    id: `evt_sub_${status}_${created}`,
    object: 'event',
    created,
    type: 'customer.subscription.updated',
    data: {
      object: {
        id: 'sub_1QxSub',
        object: 'subscription',
        customer: 'cus_Rsignet',
        status,
        items: { object: 'list', data: [{ id: 'si_1', quantity: 3 }] },
        metadata: { businessId: '2b7c0e9e-1d1c-4c39-9d53-3f0a3b6f6a10', plan: 'PRO_V1' },
      },
      previous_attributes: { status: 'active' },
    },
  };
}

describe('Stripe events in our shape', () => {
  it('maps setup intents, subscription statuses (unknown ones as payment issues) and ignores the rest', () => {
    const event = toPaymentEvent(setupIntentSucceeded({ businessId: 'b', plan: 'PRO_V1' }));
    expect(event).toMatchObject({
      id: 'evt_1QxSetup',
      type: 'setup_intent.succeeded',
      data: {
        object: { id: 'seti_1QxSetupIntent', status: 'succeeded', metadata: { plan: 'PRO_V1' } },
      },
    });
    const statuses = [
      'active',
      'trialing',
      'past_due',
      'unpaid',
      'incomplete',
      'paused',
      'incomplete_expired',
      'canceled',
    ];
    expect(
      statuses.map((s) => toPaymentEvent(subscriptionUpdated(s, 1)).data.object.status),
    ).toEqual([
      'active',
      'trialing',
      'past_due',
      'past_due',
      'incomplete',
      'past_due',
      'incomplete_expired',
      'canceled',
    ]);
    const failed = toPaymentEvent({
      ...setupIntentSucceeded({}),
      type: 'setup_intent.setup_failed',
    });
    expect(failed.data.object.status).toBe('failed');
    const invoice = toPaymentEvent({
      id: 'evt_inv',
      type: 'invoice.paid',
      created: 1,
      data: { object: { id: 'in_1', object: 'invoice', status: 'paid', metadata: {} } },
    });
    expect(invoice.data.object).toEqual({ id: 'in_1' });
  });

  it("carries a subscription's period end (on its item, or on it before 2025-03-31) and cancel_at_period_end", () => {
    const event = subscriptionUpdated('active', 1);
    const cancelling = toPaymentEvent({
      ...event,
      data: {
        object: {
          ...event.data.object,
          cancel_at_period_end: true,
          items: { object: 'list', data: [{ id: 'si_1', current_period_end: 1_800_000_000 }] },
        },
      },
    });
    expect(cancelling.data.object).toMatchObject({
      status: 'active',
      current_period_end: 1_800_000_000,
      cancel_at_period_end: true,
    });
    const legacy = toPaymentEvent({
      ...event,
      data: {
        object: {
          ...event.data.object,
          current_period_end: 1_700_000_000,
          cancel_at_period_end: false,
        },
      },
    });
    expect(legacy.data.object).toMatchObject({
      current_period_end: 1_700_000_000,
      cancel_at_period_end: false,
    });
    // Neither field: neither is claimed (the period and the cancel stay as Signet has them).
    expect(toPaymentEvent(event).data.object).not.toHaveProperty('cancel_at_period_end');
    expect(toPaymentEvent(event).data.object).not.toHaveProperty('current_period_end');
  });

  it("carries cancel_at (an end set in Stripe's dashboard) and its item's price and quantity", () => {
    const event = subscriptionUpdated('active', 1);
    const item = {
      id: 'si_1',
      quantity: 7,
      current_period_end: 1_800_000_000,
      price: { id: 'price_1', object: 'price', lookup_key: 'scale_yearly_eur' },
    };
    const ending = toPaymentEvent({
      ...event,
      data: {
        object: {
          ...event.data.object,
          cancel_at_period_end: false,
          cancel_at: 1_790_000_000,
          items: { object: 'list', data: [item] },
        },
      },
    });
    expect(ending.data.object).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: 1_790_000_000,
      price_lookup_key: 'scale_yearly_eur',
      quantity: 7,
    });
    const runsOn = toPaymentEvent({
      ...event,
      data: { object: { ...event.data.object, cancel_at: null, items: { data: [item] } } },
    });
    expect(runsOn.data.object).toMatchObject({ cancel_at: null });
    // A price without a lookup key (made by hand at Stripe): no plan is claimed.
    const bare = toPaymentEvent({
      ...event,
      data: {
        object: {
          ...event.data.object,
          items: { data: [{ ...item, price: { id: 'price_2', lookup_key: null } }] },
        },
      },
    });
    expect(bare.data.object).not.toHaveProperty('price_lookup_key');
    expect(bare.data.object).toMatchObject({ quantity: 7 });
  });

  it('names prices by lookup key and discounts as coupons', () => {
    expect(priceLookupKey('PRO_V1', 'monthly', 'CHF')).toBe('pro_v1_monthly_chf');
    expect(
      couponParams({
        code: 'TEST20X3',
        type: 'percent',
        percentOff: 20,
        amountOff: null,
        currency: null,
        duration: 'repeating',
        durationMonths: 3,
      }),
    ).toEqual({
      id: 'signet-test20x3',
      name: 'TEST20X3',
      duration: 'repeating',
      duration_in_months: 3,
      percent_off: 20,
    });
    expect(
      couponParams({
        code: 'TEST5CHF',
        type: 'amount',
        percentOff: null,
        amountOff: 500,
        currency: 'CHF',
        duration: 'once',
        durationMonths: null,
      }),
    ).toEqual({
      id: 'signet-test5chf',
      name: 'TEST5CHF',
      duration: 'once',
      amount_off: 500,
      currency: 'chf',
    });
  });
});

describe('Stripe webhook signatures (stripe.webhooks.constructEvent)', () => {
  it('accept a signed event and refuse a wrong secret, a changed body, an old signature and none', () => {
    const body = JSON.stringify(setupIntentSucceeded({ businessId: 'b' }));
    expect(provider.parseWebhook(body, sign(body))).toMatchObject({
      type: 'setup_intent.succeeded',
    });
    expect(provider.parseWebhook(body, sign(body, 'whsec_other'))).toBeNull();
    expect(provider.parseWebhook(body.replace('"b"', '"c"'), sign(body))).toBeNull();
    expect(
      provider.parseWebhook(body, sign(body, SECRET, Math.floor(Date.now() / 1000) - 3600)),
    ).toBeNull();
    expect(provider.parseWebhook(body, undefined)).toBeNull();
    expect(provider.parseWebhook('not json', sign('not json'))).toBeNull();
  });
});

describe('configuration', () => {
  it('needs both Stripe keys with PAYMENT_PROVIDER=stripe and never echoes them', () => {
    const env = { SIGNET_MODE: 'test', PAYMENT_PROVIDER: 'stripe' };
    expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY is required/);
    expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
    let message = '';
    try {
      loadConfig({ ...env, STRIPE_SECRET_KEY: 'not-a-key-123', STRIPE_WEBHOOK_SECRET: SECRET });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY/);
    expect(message).not.toContain('not-a-key-123');
    const config = loadConfig({
      ...env,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: SECRET });
  });
});

describe("Signet's webhook with PAYMENT_PROVIDER=stripe", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_signet',
        STRIPE_WEBHOOK_SECRET: SECRET,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  /** Stripe's card saved for three seats of PRO_V1, monthly in CHF. */
  const proStarted = (businessId: string, userId: string) =>
    setupIntentSucceeded({
      businessId,
      userId,
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: '3',
    });

  it("starts the plan on Stripe's signed setup_intent.succeeded and queues the subscription at Stripe", async () => {
    const { business, admin } = await businessCast(t);
    const event = proStarted(business.id, admin.user.id);
    const body = JSON.stringify(event);
    const post = (b: string, header: string) =>
      t.request<{ received: boolean; duplicate: boolean }>(
        'POST',
        '/api/v2/payments/stripe/webhook',
        {
          body: b,
          headers: { 'content-type': 'application/json', 'Stripe-Signature': header },
        },
      );
    expect((await post(body, sign(body, 'whsec_wrong'))).status).toBe(400);
    expect((await post(body, sign(body))).body).toEqual({ received: true, duplicate: false });
    expect((await post(body, sign(body))).body).toEqual({ received: true, duplicate: true });
    const usage = await as(t, admin)<TSubscriptionUsage>(
      'GET',
      `/v2/businesses/${business.id}/subscriptions/usage`,
    );
    expect(usage.body).toMatchObject({ plan: 'PRO_V1', paymentMethod: 'STRIPE', locked: false });
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row).toMatchObject({ planCycle: 'monthly', planCurrency: 'CHF' });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PAYMENT_SUBSCRIPTION_JOB), eq(jobs.status, 'pending')));
    expect(queued.map((j) => (j.payload as { setupIntentId: string }).setupIntentId)).toEqual([
      'seti_1QxSetupIntent',
    ]);

    // A later subscription event with Stripe's `unpaid` reads as a payment issue (past_due).
    const unpaid = JSON.stringify({
      ...subscriptionUpdated('unpaid', event.created + 60),
      data: {
        object: {
          ...subscriptionUpdated('unpaid', 0).data.object,
          metadata: { businessId: business.id },
        },
      },
    });
    expect((await post(unpaid, sign(unpaid))).status).toBe(200);
    const after = await as(t, admin)<TSubscriptionUsage>(
      'GET',
      `/v2/businesses/${business.id}/subscriptions/usage`,
    );
    expect(after.body.subscriptionStatus).toBe('past_due');
    // Without the sandbox, its card page does not exist.
    expect((await t.app.request('/sandbox/payments/setup/seti_x')).status).toBe(404);
  });

  it("follows Stripe's cancel_at_period_end and its deletion; cancelling without a subscription kept is 409", async () => {
    const { business, admin } = await businessCast(t);
    const post = (event: object) => {
      const body = JSON.stringify(event);
      return t.request('POST', '/api/v2/payments/stripe/webhook', {
        body,
        headers: { 'content-type': 'application/json', 'Stripe-Signature': sign(body) },
      });
    };
    const usage = async () =>
      (
        await as(t, admin)<TSubscriptionUsage>(
          'GET',
          `/v2/businesses/${business.id}/subscriptions/usage`,
        )
      ).body;
    const started = proStarted(business.id, admin.user.id);
    expect((await post({ ...started, id: 'evt_start_cancel' })).status).toBe(200);

    // The plan's subscription job has not kept a Stripe subscription yet: nothing to cancel,
    // and nothing changed.
    const refused = await as(t, admin)<{ code: string }>(
      'POST',
      `/v2/businesses/${business.id}/subscriptions/cancel`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PLAN_NOT_CANCELLABLE');
    expect(await usage()).toMatchObject({ planState: 'active', next: null });

    const periodEnd = started.created + 30 * 86_400;
    const subscriptionEvent = (type: string, status: string, cancel: boolean, created: number) => ({
      id: `evt_${type}_${created}`,
      object: 'event',
      created,
      type,
      data: {
        object: {
          id: 'sub_1QxSub',
          object: 'subscription',
          status,
          cancel_at_period_end: cancel,
          items: {
            object: 'list',
            data: [{ id: 'si_1', quantity: 3, current_period_end: periodEnd }],
          },
          metadata: { businessId: business.id, plan: 'PRO_V1' },
        },
      },
    });
    const updated = 'customer.subscription.updated';
    // Cancelled at Stripe (by Signet's call or in Stripe's portal): cancelling until the period ends.
    await post(subscriptionEvent(updated, 'active', true, started.created + 10));
    const cancelling = await usage();
    expect(cancelling).toMatchObject({
      planState: 'cancelling',
      next: { plan: 'CANCELED', startsAt: new Date(periodEnd * 1000).toISOString() },
      periodEndsAt: new Date(periodEnd * 1000).toISOString(),
    });
    // Revoked: it runs on; an older event arriving late does not cancel it again.
    await post(subscriptionEvent(updated, 'active', false, started.created + 20));
    await post(subscriptionEvent(updated, 'active', true, started.created + 15));
    expect(await usage()).toMatchObject({ planState: 'active', next: null });
    // Cancelled again, and the period ends: Stripe deletes it; the plan is cancelled, locked.
    await post(subscriptionEvent(updated, 'active', true, started.created + 30));
    await post(subscriptionEvent('customer.subscription.deleted', 'canceled', true, periodEnd));
    expect(await usage()).toMatchObject({
      planState: 'cancelled',
      locked: true,
      subscriptionStatus: 'canceled',
    });
  });
});
