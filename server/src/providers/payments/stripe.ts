import { BILLING_ERRORS, type TSubscriptionStatus } from '@signet/shared/billing/billing.constants';
import { priceLookupKey } from '@signet/shared/billing/billing.rules';
import type { TPaymentEvent } from '@signet/shared/billing/billing.schema';
import { addMonths, cycleMonths, type TDiscount } from '@signet/shared/billing/pricing.rules';
import {
  DIRECT_UPGRADE_USER,
  SETUP_INTENT_PARAM,
  SUBSCRIPTION_SETUP_INTENT,
} from '@signet/shared/plan/plan.constants';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Stripe's subscription statuses as ours (spec section 4 reads them): the ones Stripe has and
 * we do not name are payment issues (`unpaid`, `paused`: past due).
 */
const STATUSES: Record<string, TSubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'incomplete',
  paused: 'past_due',
  incomplete_expired: 'incomplete_expired',
  canceled: 'canceled',
};

/** A Stripe event as far as Signet reads it. */
type StripeEventLike = {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
};

type ObjectLike = {
  id?: unknown;
  status?: unknown;
  metadata?: unknown;
  cancel_at_period_end?: unknown;
  cancel_at?: unknown;
  current_period_end?: unknown;
  items?: {
    data?: {
      current_period_end?: unknown;
      quantity?: unknown;
      price?: { lookup_key?: unknown } | null;
    }[];
  };
};

/**
 * A subscription's period end (Unix seconds): on its item since Stripe's 2025-03-31 API (the one
 * item Signet makes), on the subscription itself before.
 */
function periodEndOf(o: ObjectLike): number | undefined {
  const end = o.items?.data?.[0]?.current_period_end ?? o.current_period_end;
  return typeof end === 'number' && Number.isInteger(end) ? end : undefined;
}

/**
 * What a subscription event says of its period and plan: the period's end, whether the plan ends
 * then or at a set date (`cancel_at`, set in Stripe's dashboard or by its API), and its item's
 * price (by lookup key) and quantity, as Stripe holds them.
 */
function periodOf(o: ObjectLike) {
  const end = periodEndOf(o);
  const item = o.items?.data?.[0];
  const key = item?.price?.lookup_key;
  const quantity = item?.quantity;
  return {
    ...(end !== undefined ? { current_period_end: end } : {}),
    ...(typeof o.cancel_at_period_end === 'boolean'
      ? { cancel_at_period_end: o.cancel_at_period_end }
      : {}),
    ...(o.cancel_at === null || (typeof o.cancel_at === 'number' && Number.isInteger(o.cancel_at))
      ? { cancel_at: o.cancel_at }
      : {}),
    ...(typeof key === 'string' ? { price_lookup_key: key } : {}),
    ...(typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1
      ? { quantity }
      : {}),
  };
}

const metadataOf = (o: ObjectLike): Record<string, string> | undefined => {
  if (!o.metadata || typeof o.metadata !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(o.metadata as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
};

/**
 * A Stripe event in our shape: setup intents succeed or fail, subscriptions carry their status
 * (mapped to ours), our metadata, their period's end, `cancel_at_period_end`, `cancel_at` and
 * their item's price (lookup key) and quantity; any other event keeps its type and id only
 * (recorded, not applied).
 */
export function toPaymentEvent(event: StripeEventLike): TPaymentEvent {
  const object = (event.data.object ?? {}) as ObjectLike;
  const id = typeof object.id === 'string' ? object.id : '';
  const metadata = metadataOf(object);
  const base = { id: event.id, type: event.type, created: event.created };
  const withMeta = metadata ? { metadata } : {};
  switch (event.type) {
    case 'setup_intent.succeeded':
      return { ...base, data: { object: { id, status: 'succeeded', ...withMeta } } };
    case 'setup_intent.setup_failed':
      return { ...base, data: { object: { id, status: 'failed', ...withMeta } } };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const status = typeof object.status === 'string' ? STATUSES[object.status] : undefined;
      return {
        ...base,
        data: { object: { id, ...(status ? { status } : {}), ...withMeta, ...periodOf(object) } },
      };
    }
    default:
      return { ...base, data: { object: { id } } };
  }
}

/** A discount as a Stripe coupon (its id names the code, so it is made once). */
export function couponParams(discount: TDiscount): Stripe.CouponCreateParams {
  return {
    id: `signet-${discount.code}`.toLowerCase(),
    name: discount.code,
    duration: discount.duration,
    ...(discount.duration === 'repeating'
      ? { duration_in_months: discount.durationMonths ?? 1 }
      : {}),
    ...(discount.type === 'percent'
      ? { percent_off: discount.percentOff ?? 0 }
      : { amount_off: discount.amountOff ?? 0, currency: (discount.currency ?? '').toLowerCase() }),
  };
}

/** Where the `stripe` package sends its calls: Stripe's API, or STRIPE_API_BASE. */
function apiLocation(base: string | undefined): Stripe.StripeConfig {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    protocol,
    port: Number(url.port) || (protocol === 'http' ? 80 : 443),
  };
}

const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * Stripe (`PAYMENT_PROVIDER=stripe`, the official `stripe` package): cards are collected on
 * Stripe Checkout in setup mode; webhooks are verified with `stripe.webhooks.constructEvent`
 * (STRIPE_WEBHOOK_SECRET); once a card is there, the subscription is created on the plan's
 * Stripe price (found by its lookup key) with the discounts the business took as coupons. Not
 * exercised against Stripe in CI: its tests check the mapping and the signatures offline.
 */
export function stripePaymentProvider(
  config: Pick<Config, 'stripe'>,
  stripe: Stripe = new Stripe(config.stripe?.secretKey ?? '', {
    maxNetworkRetries: 2,
    ...apiLocation(config.stripe?.apiBase),
  }),
): PaymentProvider {
  const webhookSecret = config.stripe?.webhookSecret ?? '';

  /** The plan's active Stripe price, by its lookup key (an error when the operator made none). */
  async function priceOf(plan: string, cycle: string, currency: string): Promise<Stripe.Price> {
    const key = priceLookupKey(plan, cycle, currency);
    const prices = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`no active Stripe price with the lookup key ${key}`);
    return price;
  }

  /** The coupons of `discounts` at Stripe, made when missing (their ids name the codes). */
  async function couponsOf(discounts: readonly TDiscount[]): Promise<string[]> {
    const coupons: string[] = [];
    for (const discount of discounts) {
      const params = couponParams(discount);
      try {
        await stripe.coupons.create(params);
      } catch (e) {
        if (!(e instanceof Stripe.errors.StripeError) || e.code !== 'resource_already_exists') {
          throw e;
        }
      }
      if (params.id) coupons.push(params.id);
    }
    return coupons;
  }

  /**
   * Runs a change of a running subscription: what Stripe refuses (a declined card, a missing
   * price, Stripe down) is 502 PAYMENT_PROVIDER_FAILED, and the change's transaction is undone.
   */
  async function changing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (e) {
      throw new AppError(
        BILLING_ERRORS.providerFailed,
        502,
        'The payment provider did not accept the change; nothing was changed.',
        { cause: e instanceof Stripe.errors.StripeError ? (e.code ?? e.type) : 'error' },
      );
    }
  }

  /** The plan's item of a running subscription (the one item Signet makes), or null. */
  async function runningItem(subscriptionId: string | null) {
    if (!subscriptionId) return null;
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0];
    if (!item || sub.status === 'canceled' || sub.status === 'incomplete_expired') return null;
    return { subscriptionId: sub.id, id: item.id, quantity: item.quantity ?? 1 };
  }

  /** The period's end of a subscription Stripe answered (see `periodEndOf`). */
  function periodEndAnswered(sub: Stripe.Subscription): Date {
    const end = periodEndOf(sub as ObjectLike);
    if (end === undefined) throw new Error(`Stripe answered ${sub.id} without its period's end`);
    return new Date(end * 1000);
  }
  return {
    name: 'stripe',
    async createSetupIntent(_db, input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        currency: input.currency.toLowerCase(),
        customer_creation: 'always',
        customer_email: input.email,
        metadata: input.metadata,
        setup_intent_data: { metadata: input.metadata },
        // As the sandbox's card page returns: the session's id comes back as `setup_intent`.
        success_url: `${input.returnUrl}?setup=succeeded&${SETUP_INTENT_PARAM}={CHECKOUT_SESSION_ID}`,
        cancel_url: input.returnUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async getSetupIntent(_db, sessionId) {
      if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw e;
      }
      const complete = session.status === 'complete' && session.mode === 'setup';
      return {
        id: idOf(session.setup_intent) ?? session.id,
        succeeded: complete,
        status: complete ? 'succeeded' : (session.status ?? 'open'),
        metadata: metadataOf(session as ObjectLike) ?? {},
      };
    },
    parseWebhook(body, signature) {
      if (!signature || !webhookSecret) return null;
      try {
        return toPaymentEvent(stripe.webhooks.constructEvent(body, signature, webhookSecret));
      } catch {
        return null;
      }
    },
    startsSubscriptionIn: 'job',
    async startSubscription(start) {
      const meta = start.metadata;
      const intent = await stripe.setupIntents.retrieve(start.setupIntentId);
      const customer = idOf(intent.customer);
      const paymentMethod = idOf(intent.payment_method);
      if (!customer || !paymentMethod) {
        throw new Error(`setup intent ${start.setupIntentId} has no customer or payment method`);
      }
      const price = await priceOf(meta.plan ?? '', meta.cycle ?? '', meta.currency ?? '');
      const coupons = await couponsOf(start.discounts);
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          default_payment_method: paymentMethod,
          items: [{ price: price.id, quantity: Math.max(1, Number(meta.seats) || 1) }],
          discounts: coupons.map((coupon) => ({ coupon })),
          // Whose it is (a business, or the direct upgrade's user) and the setup intent whose card
          // started it: its webhooks are applied to that plan only.
          metadata: {
            ...(meta.businessId ? { businessId: meta.businessId } : {}),
            ...(meta[DIRECT_UPGRADE_USER]
              ? { [DIRECT_UPGRADE_USER]: meta[DIRECT_UPGRADE_USER] }
              : {}),
            [SUBSCRIPTION_SETUP_INTENT]: start.setupIntentId,
            plan: meta.plan ?? '',
          },
        },
        // The job may run again after a failure: Stripe makes the subscription once.
        { idempotencyKey: `signet-subscription-${start.setupIntentId}` },
      );
      return { id: subscription.id, status: STATUSES[subscription.status] ?? 'past_due' };
    },
    changePlan: (_db, change) =>
      changing(async () => {
        const item = await runningItem(change.subscriptionId);
        if (!item) return undefined;
        const price = await priceOf(change.price.name, change.price.cycle, change.price.currency);
        const coupons = await couponsOf(change.discounts);
        // As the sandbox: a new period from now, the old plan's unused time credited and the new
        // one invoiced at once; the discounts are those taken with the change.
        const updated = await stripe.subscriptions.update(
          item.subscriptionId,
          {
            items: [{ id: item.id, price: price.id, quantity: change.seats }],
            billing_cycle_anchor: { type: 'now' },
            proration_behavior: 'always_invoice',
            discounts: coupons.map((coupon) => ({ coupon })),
            metadata: { businessId: change.businessId, plan: change.price.name },
          },
          // The change's id: the same change asked for again (its commit failed) is made once.
          { idempotencyKey: `signet-plan-${item.subscriptionId}-${change.changeId}` },
        );
        const end = periodEndOf(updated as ObjectLike);
        return {
          periodEnd: end
            ? new Date(end * 1000)
            : addMonths(change.startAt, cycleMonths(change.price.cycle)),
        };
      }),
    changeSeats: (_db, change) =>
      changing(async () => {
        const item = await runningItem(change.subscriptionId);
        if (!item || item.quantity === change.seats) return;
        // More seats are invoiced for the rest of the period at once; fewer give no credit (the
        // renewal bills the new number), as the sandbox does.
        await stripe.subscriptions.update(
          item.subscriptionId,
          {
            items: [{ id: item.id, quantity: change.seats }],
            proration_behavior: change.seats > item.quantity ? 'always_invoice' : 'none',
          },
          { idempotencyKey: `signet-seats-${item.subscriptionId}-${change.changeId}` },
        );
      }),
    setCancelAtPeriodEnd: (_db, change) =>
      changing(async () => {
        const item = await runningItem(change.subscriptionId);
        if (!item) return undefined;
        // Stripe ends the subscription when its period does (`customer.subscription.deleted`),
        // or, set back to false, renews it; either is reported by `customer.subscription.updated`.
        const updated = await stripe.subscriptions.update(
          item.subscriptionId,
          { cancel_at_period_end: change.cancel },
          {
            idempotencyKey: `signet-cancel-${item.subscriptionId}-${change.at.getTime()}-${change.cancel}`,
          },
        );
        return {
          periodEnd: periodEndAnswered(updated),
          status: STATUSES[updated.status] ?? 'past_due',
        };
      }),
    portalSession: ({ subscriptionId, returnUrl }) =>
      changing(async () => {
        if (!subscriptionId) return undefined;
        // The customer is the one Checkout made for the card (the subscription's, also after it
        // ended: its invoices stay in the portal). Stripe's portal shows what its configuration
        // (in Stripe's dashboard) allows: the card, the invoices, cancelling.
        const sub = await stripe.subscriptions.retrieve(subscriptionId);
        const customer = idOf(sub.customer);
        if (!customer) return undefined;
        const session = await stripe.billingPortal.sessions.create({
          customer,
          return_url: returnUrl,
        });
        return { url: session.url };
      }),
  };
}
