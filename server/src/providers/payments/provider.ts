import type {
  TBillingCycle,
  TCurrency,
  TSubscriptionStatus,
} from '@signet/shared/billing/billing.constants';
import type { TTakenDiscount, TVat } from '@signet/shared/billing/pricing.rules';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Whose subscription it is: a business's plan, or a user's individual plan (the provider's
 * customer is one of the two).
 */
export type TSubscriptionOwner = { businessId: string } | { userId: string };

/** What a plan's subscription at the provider is made of, once the card is there. */
export type TSubscriptionStart = {
  /** The provider's setup intent that collected the card. */
  setupIntentId: string;
  /**
   * Our metadata of the setup intent (business or direct-upgrade user, plan, cycle, currency,
   * seats, codes); the subscription carries it, with the setup intent's id, on its events.
   */
  metadata: Record<string, string>;
  /** The discounts the business took with the plan, with when each is used up. */
  discounts: TTakenDiscount[];
  /** The plan's start as Signet recorded it: the billing cycle anchor. */
  startAt: Date;
  /** The VAT its invoices charge (the business's billing address; the previews charge it too). */
  vat: TVat;
};

/**
 * A running subscription's move to another plan (price), cycle or seats now: a new period from
 * `startAt` (the new billing cycle anchor), the old plan's unused time credited, the discounts
 * taken with the change, the VAT of the billing address.
 */
export type TPlanChange = {
  businessId: string;
  /** The subscription's id at a provider over the network (null for the sandbox's). */
  subscriptionId: string | null;
  price: {
    name: string;
    cycle: TBillingCycle;
    currency: string;
    unitAmount: number;
    perSeat: boolean;
  };
  seats: number;
  startAt: Date;
  vat: TVat;
  discounts: TTakenDiscount[];
  /**
   * The change's id, kept by Signet until the change commits (`provider_changes`): the provider's
   * idempotency key, so the same change asked for again after a failed commit is made once.
   */
  changeId: string;
};

/** A running subscription's new number of seats (more: prorated at once; fewer: no credit). */
export type TSeatsChange = {
  businessId: string;
  subscriptionId: string | null;
  seats: number;
  vat: TVat;
  at: Date;
  /** As `TPlanChange.changeId`. */
  changeId: string;
};

/**
 * Whether a running subscription ends with its current period (`cancel`: Stripe's
 * `cancel_at_period_end: true`) or runs on (false: the cancel revoked).
 */
export type TCancelChange = {
  owner: TSubscriptionOwner;
  subscriptionId: string | null;
  cancel: boolean;
  /** When the change was asked for (part of its idempotency key at a provider). */
  at: Date;
};

/** A session of the provider's customer portal: for whom, and where it returns to. */
export type TPortalRequest = {
  owner: TSubscriptionOwner;
  /**
   * The owner's subscription at a provider over the network (Stripe's: its customer is read from
   * it), or null when Signet kept none; the sandbox names its customer by the owner.
   */
  subscriptionId: string | null;
  /** Where the portal's "back" link returns to (a page of Signet). */
  returnUrl: string;
};

/** A setup intent at the provider: whether the card was accepted, and our metadata on it. */
export type TProviderSetupIntent = {
  id: string;
  succeeded: boolean;
  /** The provider's own status word, for the answer when it has not succeeded. */
  status: string;
  metadata: Record<string, string>;
};

/**
 * A payment provider, as Signet uses it: a hosted page that collects a card for a plan (a setup
 * intent), its webhooks as our event shape, verified by their signature, and the subscription
 * started once a card is there. No card data ever reaches Signet.
 */
export type PaymentProvider = {
  name: 'sandbox' | 'stripe';
  /** A setup intent for `metadata`; `url` is the provider's card page, which returns to `returnUrl`. */
  createSetupIntent(
    db: DbOrTx,
    input: {
      metadata: Record<string, string>;
      returnUrl: string;
      currency: TCurrency;
      email: string;
    },
  ): Promise<{ id: string; url: string }>;
  /**
   * A setup intent as the provider sees it now (by the id `createSetupIntent` answered, which
   * the card page hands back to the return URL as `setup_intent`), or null when it has none:
   * `id` is the setup intent's own id (the one its webhooks name).
   */
  getSetupIntent(db: DbOrTx, id: string): Promise<TProviderSetupIntent | null>;
  /**
   * The event a webhook carries, in our shape (`TPaymentEvent`, still to be validated), or null
   * when its signature does not hold or the body is not JSON: nothing may be applied then.
   */
  parseWebhook(body: string, signature: string | undefined): unknown;
  /**
   * Where the subscription of a setup intent that succeeded starts: `job` for a provider called
   * over the network (outside the webhook's transaction, with the worker's retries), `webhook`
   * for the sandbox, which lives in our database (within the webhook's transaction, once the
   * discounts are taken).
   */
  startsSubscriptionIn: 'job' | 'webhook';
  /**
   * Starts the subscription of a setup intent that succeeded (once per setup intent: the same
   * again answers the same subscription as it is now) and charges its first invoice; answers the
   * provider's id of it (Signet keeps it to change it later) and its status — `incomplete` when
   * the card did not pay the first invoice — or nothing when the setup intent has not succeeded.
   */
  startSubscription(
    start: TSubscriptionStart,
    db: DbOrTx,
  ): Promise<{ id: string; status: TSubscriptionStatus } | undefined>;
  /**
   * Moves the business's running subscription to another plan, cycle or seats now; answers the
   * new period's end, or undefined when the provider has no running subscription of it. Called
   * in the transaction of the change: a failure (card declined, provider down) undoes it.
   */
  changePlan(db: DbOrTx, change: TPlanChange): Promise<{ periodEnd: Date } | undefined>;
  /** Changes the seats of the business's running subscription (nothing without one). */
  changeSeats(db: DbOrTx, change: TSeatsChange): Promise<void>;
  /**
   * Sets whether the owner's running subscription ends at its period's end; answers that end
   * and the subscription's status, or undefined when the provider has no running subscription of
   * it. Called in the transaction of the change: a failure undoes it. The provider reports the
   * same state by webhook (`customer.subscription.updated`), which also repairs Signet's record
   * when the change's commit fails after the provider took it.
   */
  setCancelAtPeriodEnd(
    db: DbOrTx,
    change: TCancelChange,
  ): Promise<{ periodEnd: Date; status: TSubscriptionStatus } | undefined>;
  /**
   * A short-lived session of the provider's customer portal (the card replaced, the invoices) for
   * the owner: its address, or undefined when the provider has no customer of the owner (Stripe
   * without a kept subscription). A provider's refusal is 502 PAYMENT_PROVIDER_FAILED.
   */
  portalSession(request: TPortalRequest): Promise<{ url: string } | undefined>;
};

const made = new WeakMap<object, Promise<PaymentProvider>>();

/**
 * The configured payment provider (PAYMENT_PROVIDER), made once per configuration; the `stripe`
 * package is loaded only when Stripe is configured. Null with `none`.
 */
export function paymentProviderOf(
  config: Pick<Config, 'paymentProvider' | 'publicUrl' | 'secret' | 'stripe'>,
): Promise<PaymentProvider> | null {
  if (config.paymentProvider === 'none') return null;
  let provider = made.get(config);
  if (!provider) {
    provider =
      config.paymentProvider === 'stripe'
        ? import('./stripe.ts').then((m) => m.stripePaymentProvider(config))
        : import('./sandbox.ts').then((m) => m.sandboxPaymentProvider(config));
    made.set(config, provider);
  }
  return provider;
}
