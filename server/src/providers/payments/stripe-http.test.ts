/**
 * The Stripe adapter's calls over HTTP, against a local stand-in for Stripe's API (a sandbox of an
 * outside service, `testing.ts`: a node:http server on 127.0.0.1 answering the few endpoints the
 * adapter calls with JSON shaped as Stripe's API answers, and recording what was sent). The `stripe` package
 * itself builds the requests (form encoding, auth, idempotency keys) and reads the answers and
 * errors, so these tests catch a wrong call or a misread answer; they do not talk to Stripe.
 */

import { vatFor } from '@signet/shared/billing/pricing.rules';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripePaymentProvider } from './stripe.ts';
import { startStripeStandIn, type TStandInAnswer } from './testing.ts';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;

const stripeError = (status: number, code: string, message: string): TStandInAnswer => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message } },
});

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

function provider() {
  const { hostname, port } = new URL(standIn.url);
  const stripe = new Stripe('sk_test_standin', {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return stripePaymentProvider(
    { stripe: { secretKey: 'sk_test_standin', webhookSecret: 'whsec_standin' } },
    stripe,
  );
}

const META = {
  businessId: '5b0c6f0e-6f3e-4d7a-9a3c-0d1f2e3a4b5c',
  plan: 'PRO_V1',
  cycle: 'yearly',
  currency: 'CHF',
  seats: '4',
  promoCode: 'TEST10',
};

describe('the Stripe adapter over HTTP (a local stand-in for Stripe)', () => {
  it('collects a card on Checkout in setup mode, with our metadata and the return url', async () => {
    standIn.answers['POST /v1/checkout/sessions'] = {
      status: 200,
      body: {
        id: 'cs_test_a1',
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
      },
    };
    const intent = await provider().createSetupIntent({} as never, {
      metadata: META,
      returnUrl: 'https://signet.example/business/upgrade',
      currency: 'CHF',
      email: 'ada@example.ch',
    });
    expect(intent).toEqual({
      id: 'cs_test_a1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
    });
    const [call] = standIn.sent;
    expect(call?.headers.authorization).toBe('Bearer sk_test_standin');
    expect(call?.form.get('mode')).toBe('setup');
    expect(call?.form.get('currency')).toBe('chf');
    expect(call?.form.get('customer_email')).toBe('ada@example.ch');
    expect(call?.form.get('metadata[businessId]')).toBe(META.businessId);
    expect(call?.form.get('setup_intent_data[metadata][plan]')).toBe('PRO_V1');
    expect(call?.form.get('success_url')).toBe(
      'https://signet.example/business/upgrade?setup=succeeded&setup_intent={CHECKOUT_SESSION_ID}',
    );
  });

  it('reads a finished Checkout session as a succeeded setup intent; an unknown one is none', async () => {
    standIn.answers['GET /v1/checkout/sessions/cs_test_done'] = {
      status: 200,
      body: {
        id: 'cs_test_done',
        object: 'checkout.session',
        mode: 'setup',
        status: 'complete',
        setup_intent: 'seti_1Done',
        metadata: META,
      },
    };
    const p = provider();
    expect(await p.getSetupIntent({} as never, 'cs_test_done')).toEqual({
      id: 'seti_1Done',
      succeeded: true,
      status: 'succeeded',
      metadata: META,
    });
    expect(await p.getSetupIntent({} as never, 'cs_test_gone')).toBeNull();
    // Not a session id: no call at all.
    const calls = standIn.sent.length;
    expect(await p.getSetupIntent({} as never, '../v1/customers')).toBeNull();
    expect(standIn.sent).toHaveLength(calls);
  });

  it('starts the subscription on the looked-up price with coupons, once per setup intent', async () => {
    standIn.answers['GET /v1/setup_intents/seti_1Card'] = {
      status: 200,
      body: {
        id: 'seti_1Card',
        object: 'setup_intent',
        customer: 'cus_Signet',
        payment_method: { id: 'pm_1Card', object: 'payment_method' },
        status: 'succeeded',
      },
    };
    standIn.answers['GET /v1/prices'] = (req) => ({
      status: 200,
      body: {
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data:
          req.query.get('lookup_keys[0]') === 'pro_v1_yearly_chf' &&
          req.query.get('active') === 'true'
            ? [{ id: 'price_ProYearlyChf', object: 'price', lookup_key: 'pro_v1_yearly_chf' }]
            : [],
      },
    });
    // The coupon was made by an earlier subscription: Stripe says so, and it is used as it is.
    standIn.answers['POST /v1/coupons'] = stripeError(
      400,
      'resource_already_exists',
      'Coupon already exists.',
    );
    standIn.answers['POST /v1/subscriptions'] = {
      status: 200,
      body: { id: 'sub_1New', object: 'subscription', status: 'active' },
    };
    const started = await provider().startSubscription(
      {
        setupIntentId: 'seti_1Card',
        metadata: META,
        discounts: [
          {
            code: 'TEST10',
            type: 'percent',
            percentOff: 10,
            amountOff: null,
            currency: null,
            duration: 'once',
            durationMonths: null,
            endsAt: null,
          },
        ],
        startAt: new Date(),
        vat: vatFor({ platform: 'CH', country: 'CH' }),
      },
      {} as never,
    );
    expect(standIn.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/setup_intents/seti_1Card',
      'GET /v1/prices',
      'POST /v1/coupons',
      'POST /v1/subscriptions',
    ]);
    const coupon = standIn.sent[2]?.form;
    expect(coupon?.get('id')).toBe('signet-test10');
    expect(coupon?.get('percent_off')).toBe('10');
    expect(coupon?.get('duration')).toBe('once');
    const sub = standIn.sent[3];
    expect(sub?.form.get('customer')).toBe('cus_Signet');
    expect(sub?.form.get('default_payment_method')).toBe('pm_1Card');
    expect(sub?.form.get('items[0][price]')).toBe('price_ProYearlyChf');
    expect(sub?.form.get('items[0][quantity]')).toBe('4');
    expect(sub?.form.get('discounts[0][coupon]')).toBe('signet-test10');
    expect(sub?.form.get('metadata[businessId]')).toBe(META.businessId);
    expect(sub?.headers['idempotency-key']).toBe('signet-subscription-seti_1Card');
    expect(sub?.form.get('metadata[setupIntentId]')).toBe('seti_1Card');
    // Signet keeps the id to change the subscription later.
    expect(started).toEqual({ id: 'sub_1New', status: 'active' });
  });

  it("starts an individual's plan as a subscription of one seat named by the user and the card", async () => {
    const userId = '0e8c9b1a-2f3d-4c5e-8a7b-6c5d4e3f2a1b';
    standIn.answers['GET /v1/setup_intents/seti_1Own'] = {
      status: 200,
      body: {
        id: 'seti_1Own',
        customer: 'cus_Own',
        payment_method: 'pm_1Own',
        status: 'succeeded',
      },
    };
    standIn.answers['GET /v1/prices'] = (req) => ({
      status: 200,
      body: {
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data:
          req.query.get('lookup_keys[0]') === 'individual_v1_monthly_eur'
            ? [{ id: 'price_IndividualMonthlyEur', object: 'price' }]
            : [],
      },
    });
    standIn.answers['POST /v1/subscriptions'] = {
      status: 200,
      body: { id: 'sub_1Own', object: 'subscription', status: 'active' },
    };
    const started = await provider().startSubscription(
      {
        setupIntentId: 'seti_1Own',
        metadata: {
          directUpgradeUserId: userId,
          plan: 'INDIVIDUAL_V1',
          cycle: 'monthly',
          currency: 'EUR',
        },
        discounts: [],
        startAt: new Date(),
        vat: vatFor({ platform: 'EU' }),
      },
      {} as never,
    );
    expect(started).toEqual({ id: 'sub_1Own', status: 'active' });
    const sub = standIn.sent.at(-1);
    expect(sub?.path).toBe('/v1/subscriptions');
    expect(sub?.form.get('items[0][price]')).toBe('price_IndividualMonthlyEur');
    expect(sub?.form.get('items[0][quantity]')).toBe('1');
    expect(sub?.form.get('metadata[directUpgradeUserId]')).toBe(userId);
    expect(sub?.form.get('metadata[setupIntentId]')).toBe('seti_1Own');
    expect(sub?.form.has('metadata[businessId]')).toBe(false);
    expect(sub?.headers['idempotency-key']).toBe('signet-subscription-seti_1Own');
  });

  it('fails the job (to be retried) when Stripe has no price for the plan or refuses a coupon', async () => {
    standIn.answers['GET /v1/setup_intents/seti_1Card'] = {
      status: 200,
      body: { id: 'seti_1Card', customer: 'cus_Signet', payment_method: 'pm_1Card' },
    };
    standIn.answers['GET /v1/prices'] = {
      status: 200,
      body: { object: 'list', url: '/v1/prices', has_more: false, data: [] },
    };
    const start = {
      setupIntentId: 'seti_1Card',
      metadata: META,
      discounts: [],
      startAt: new Date(),
      vat: vatFor({ platform: 'CH', country: 'CH' }),
    };
    await expect(provider().startSubscription(start, {} as never)).rejects.toThrow(
      /no active Stripe price with the lookup key pro_v1_yearly_chf/,
    );
    expect(standIn.sent.some((s) => s.path === '/v1/subscriptions')).toBe(false);

    standIn.answers['GET /v1/prices'] = {
      status: 200,
      body: { object: 'list', url: '/v1/prices', has_more: false, data: [{ id: 'price_1' }] },
    };
    standIn.answers['POST /v1/coupons'] = stripeError(
      400,
      'parameter_invalid_integer',
      'Invalid integer',
    );
    const withCoupon = {
      ...start,
      discounts: [
        {
          code: 'TEST5CHF',
          type: 'amount' as const,
          percentOff: null,
          amountOff: 500,
          currency: 'CHF',
          duration: 'once' as const,
          durationMonths: null,
          endsAt: null,
        },
      ],
    };
    standIn.sent = [];
    await expect(provider().startSubscription(withCoupon, {} as never)).rejects.toThrow(
      Stripe.errors.StripeInvalidRequestError,
    );
    expect(standIn.sent.find((s) => s.path === '/v1/coupons')?.form.get('amount_off')).toBe('500');
    expect(standIn.sent.find((s) => s.path === '/v1/coupons')?.form.get('currency')).toBe('chf');
    expect(standIn.sent.some((s) => s.path === '/v1/subscriptions')).toBe(false);
  });

  /** A running subscription at the stand-in: one item of `quantity` seats. */
  function runningSubscription(quantity: number, status = 'active'): TStandInAnswer {
    return {
      status: 200,
      body: {
        id: 'sub_1Run',
        object: 'subscription',
        status,
        items: {
          object: 'list',
          data: [{ id: 'si_1Seats', object: 'subscription_item', quantity }],
        },
      },
    };
  }
  const SEATS = {
    businessId: META.businessId,
    subscriptionId: 'sub_1Run',
    vat: vatFor({ platform: 'CH', country: 'CH' }),
    at: new Date('2026-11-28T10:00:00Z'),
    changeId: '7d1c2a3b-0000-4000-8000-00000000seat',
  };

  it('adds seats on the subscription item, prorated and invoiced at once; fewer without a credit', async () => {
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4);
    standIn.answers['POST /v1/subscriptions/sub_1Run'] = runningSubscription(6);
    await provider().changeSeats({} as never, { ...SEATS, seats: 6 });
    expect(standIn.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1Run',
      'POST /v1/subscriptions/sub_1Run',
    ]);
    const more = standIn.sent[1];
    expect(more?.form.get('items[0][id]')).toBe('si_1Seats');
    expect(more?.form.get('items[0][quantity]')).toBe('6');
    expect(more?.form.get('proration_behavior')).toBe('always_invoice');
    // The change's id (kept by Signet until it commits) is the key.
    expect(more?.headers['idempotency-key']).toBe(`signet-seats-sub_1Run-${SEATS.changeId}`);

    standIn.sent = [];
    await provider().changeSeats({} as never, { ...SEATS, seats: 2 });
    expect(standIn.sent[1]?.form.get('items[0][quantity]')).toBe('2');
    expect(standIn.sent[1]?.form.get('proration_behavior')).toBe('none');

    // The same number, no subscription, or an ended one: nothing is standIn.sent to change.
    standIn.sent = [];
    await provider().changeSeats({} as never, { ...SEATS, seats: 4 });
    await provider().changeSeats({} as never, { ...SEATS, subscriptionId: null, seats: 6 });
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4, 'canceled');
    await provider().changeSeats({} as never, { ...SEATS, seats: 6 });
    expect(standIn.sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('moves the subscription to another plan now: the new price, a new anchor, proration, coupons', async () => {
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4);
    standIn.answers['GET /v1/prices'] = (req) => ({
      status: 200,
      body: {
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data:
          req.query.get('lookup_keys[0]') === 'scale_monthly_eur'
            ? [{ id: 'price_ScaleMonthlyEur', object: 'price' }]
            : [],
      },
    });
    standIn.answers['POST /v1/coupons'] = {
      status: 200,
      body: { id: 'signet-test20x3', object: 'coupon' },
    };
    const periodEnd = Date.UTC(2026, 11, 28, 10) / 1000;
    standIn.answers['POST /v1/subscriptions/sub_1Run'] = {
      status: 200,
      body: {
        id: 'sub_1Run',
        object: 'subscription',
        status: 'active',
        items: {
          object: 'list',
          data: [{ id: 'si_1Seats', quantity: 7, current_period_end: periodEnd }],
        },
      },
    };
    const startAt = new Date('2026-11-28T10:00:00Z');
    const changed = await provider().changePlan({} as never, {
      businessId: META.businessId,
      subscriptionId: 'sub_1Run',
      price: { name: 'SCALE', cycle: 'monthly', currency: 'EUR', unitAmount: 4900, perSeat: true },
      seats: 7,
      startAt,
      vat: vatFor({ platform: 'EU', country: 'DE' }),
      changeId: 'a4f0c1d2-1111-4000-8000-000000000001',
      discounts: [
        {
          code: 'TEST20X3',
          type: 'percent',
          percentOff: 20,
          amountOff: null,
          currency: null,
          duration: 'repeating',
          durationMonths: 3,
          endsAt: null,
        },
      ],
    });
    expect(changed).toEqual({ periodEnd: new Date(periodEnd * 1000) });
    expect(standIn.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1Run',
      'GET /v1/prices',
      'POST /v1/coupons',
      'POST /v1/subscriptions/sub_1Run',
    ]);
    expect(standIn.sent[2]?.form.get('duration_in_months')).toBe('3');
    const update = standIn.sent[3];
    expect(update?.form.get('items[0][id]')).toBe('si_1Seats');
    expect(update?.form.get('items[0][price]')).toBe('price_ScaleMonthlyEur');
    expect(update?.form.get('items[0][quantity]')).toBe('7');
    expect(update?.form.get('billing_cycle_anchor[type]')).toBe('now');
    expect(update?.form.get('proration_behavior')).toBe('always_invoice');
    expect(update?.form.get('discounts[0][coupon]')).toBe('signet-test20x3');
    expect(update?.form.get('metadata[plan]')).toBe('SCALE');
    expect(update?.headers['idempotency-key']).toBe(
      'signet-plan-sub_1Run-a4f0c1d2-1111-4000-8000-000000000001',
    );

    // Without a running subscription there is nothing to change.
    standIn.sent = [];
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4, 'canceled');
    const none = await provider().changePlan({} as never, {
      businessId: META.businessId,
      subscriptionId: 'sub_1Run',
      price: { name: 'SCALE', cycle: 'monthly', currency: 'EUR', unitAmount: 4900, perSeat: true },
      seats: 7,
      startAt,
      vat: vatFor({ platform: 'EU', country: 'DE' }),
      changeId: 'a4f0c1d2-1111-4000-8000-000000000001',
      discounts: [],
    });
    expect(none).toBeUndefined();
    expect(standIn.sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('sets cancel_at_period_end on the subscription and back (revoke), once per request', async () => {
    const periodEnd = Date.UTC(2026, 11, 15, 9) / 1000;
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4);
    standIn.answers['POST /v1/subscriptions/sub_1Run'] = (req) => ({
      status: 200,
      body: {
        id: 'sub_1Run',
        object: 'subscription',
        status: 'past_due',
        cancel_at_period_end: req.form.get('cancel_at_period_end') === 'true',
        items: {
          object: 'list',
          data: [{ id: 'si_1Seats', quantity: 4, current_period_end: periodEnd }],
        },
      },
    });
    const at = new Date('2026-11-28T10:00:00Z');
    const change = { owner: { businessId: META.businessId }, subscriptionId: 'sub_1Run', at };
    const cancelled = await provider().setCancelAtPeriodEnd({} as never, {
      ...change,
      cancel: true,
    });
    // Stripe's answer is what Signet records: the period's end and the status (a payment issue
    // stays visible while cancelling).
    expect(cancelled).toEqual({ periodEnd: new Date(periodEnd * 1000), status: 'past_due' });
    expect(standIn.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1Run',
      'POST /v1/subscriptions/sub_1Run',
    ]);
    const cancel = standIn.sent[1];
    expect([...(cancel?.form.keys() ?? [])]).toEqual(['cancel_at_period_end']);
    expect(cancel?.form.get('cancel_at_period_end')).toBe('true');
    expect(cancel?.headers['idempotency-key']).toBe(`signet-cancel-sub_1Run-${at.getTime()}-true`);

    standIn.sent = [];
    const revokedAt = new Date(at.getTime() + 60_000);
    await provider().setCancelAtPeriodEnd({} as never, {
      ...change,
      at: revokedAt,
      cancel: false,
    });
    const revoke = standIn.sent[1];
    expect(revoke?.form.get('cancel_at_period_end')).toBe('false');
    expect(revoke?.headers['idempotency-key']).toBe(
      `signet-cancel-sub_1Run-${revokedAt.getTime()}-false`,
    );

    // No subscription kept yet (its job has not run), or one that ended: nothing to cancel.
    standIn.sent = [];
    const none = { ...change, cancel: true };
    expect(
      await provider().setCancelAtPeriodEnd({} as never, { ...none, subscriptionId: null }),
    ).toBeUndefined();
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4, 'canceled');
    expect(await provider().setCancelAtPeriodEnd({} as never, none)).toBeUndefined();
    expect(standIn.sent.filter((s) => s.method === 'POST')).toEqual([]);

    // Stripe unreachable or refusing: 502, for the caller's transaction to be undone.
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4);
    standIn.answers['POST /v1/subscriptions/sub_1Run'] = {
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
    };
    // (A new request: the same key again would be answered as before, as Stripe replays it.)
    const again = { ...none, at: new Date(at.getTime() + 120_000) };
    await expect(provider().setCancelAtPeriodEnd({} as never, again)).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_FAILED',
      status: 502,
    });
  });

  it("opens Stripe's billing portal for the subscription's customer, back to our page", async () => {
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = {
      status: 200,
      body: { id: 'sub_1Run', object: 'subscription', status: 'canceled', customer: 'cus_Signet' },
    };
    standIn.answers['POST /v1/billing_portal/sessions'] = (req) => ({
      status: 200,
      body: {
        id: 'bps_1Portal',
        object: 'billing_portal.session',
        customer: req.form.get('customer'),
        return_url: req.form.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${req.form.get('customer')}`,
      },
    });
    const returnUrl = 'https://signet.example/business/billing/plan';
    // An ended subscription still names its customer: the invoices stay in the portal.
    const session = await provider().portalSession({
      owner: { businessId: META.businessId },
      subscriptionId: 'sub_1Run',
      returnUrl,
    });
    expect(session).toEqual({ url: 'https://billing.stripe.com/p/session/test_cus_Signet' });
    expect(standIn.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/subscriptions/sub_1Run',
      'POST /v1/billing_portal/sessions',
    ]);
    const create = standIn.sent[1];
    expect(create?.headers.authorization).toBe('Bearer sk_test_standin');
    expect([...(create?.form.keys() ?? [])].sort()).toEqual(['customer', 'return_url']);
    expect(create?.form.get('customer')).toBe('cus_Signet');
    expect(create?.form.get('return_url')).toBe(returnUrl);

    // No subscription kept: no customer, no call.
    standIn.sent = [];
    expect(
      await provider().portalSession({ owner: { userId: 'u' }, subscriptionId: null, returnUrl }),
    ).toBeUndefined();
    expect(standIn.sent).toEqual([]);

    // Stripe refusing (no portal configuration saved in its dashboard): 502.
    standIn.answers['POST /v1/billing_portal/sessions'] = stripeError(
      400,
      'parameter_missing',
      'No configuration provided and your test mode default configuration has not been created.',
    );
    await expect(
      provider().portalSession({
        owner: { businessId: META.businessId },
        subscriptionId: 'sub_1Run',
        returnUrl,
      }),
    ).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', status: 502 });
  });

  it("answers 502 PAYMENT_PROVIDER_FAILED when Stripe refuses a change (the caller's transaction is undone)", async () => {
    standIn.answers['GET /v1/subscriptions/sub_1Run'] = runningSubscription(4);
    standIn.answers['POST /v1/subscriptions/sub_1Run'] = {
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      },
    };
    const refused = provider().changeSeats({} as never, { ...SEATS, seats: 9 });
    await expect(refused).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_FAILED',
      status: 502,
      details: { cause: 'card_declined' },
    });
  });
});
