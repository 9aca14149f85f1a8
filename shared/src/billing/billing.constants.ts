/** Plans, trials, seats and payment states (spec sections 3, 4 and 6), zod-free. */

/** The tiers a business or an individual can buy (spec: individual, team, pro, scale). */
export const PLAN_TIERS = ['individual', 'team', 'pro', 'scale'] as const;
export type TPlanTier = (typeof PLAN_TIERS)[number];

/** How often a plan is paid. */
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type TBillingCycle = (typeof BILLING_CYCLES)[number];

/** The currencies prices are kept and shown in (spec section 9: the platform and language decide). */
export const CURRENCIES = ['EUR', 'CHF'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

/** Plan names with a meaning of their own (spec section 3: TRIAL…, CANCELED). */
export const PLAN_NAMES = { trial: 'TRIAL', canceled: 'CANCELED' } as const;

/**
 * How a business pays (spec section 3 `billing.paymentMethod`): trialing, trial expired (needs a
 * payment method), blocked (locked), manual invoice, a card with Stripe, or Chargebee.
 */
export const PAYMENT_METHODS = [
  'TRIALING',
  'NEEDS_PAYMENT_METHOD',
  'BLOCKED',
  'MANUAL',
  'STRIPE',
  'CHARGEBEE',
] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Payment methods that lock a business (spec section 6: locked or trial-expired). */
export const LOCKING_PAYMENT_METHODS: readonly TPaymentMethod[] = [
  'NEEDS_PAYMENT_METHOD',
  'BLOCKED',
];

/**
 * A new business's trial: its length in days when the configuration names none (`TRIAL_DAYS`),
 * the seats it comes with, and how many days before its end the admins are reminded by mail.
 */
export const TRIAL = { defaultDays: 14, seats: 5, reminderDaysBefore: 3 } as const;

/** Most seats one business can hold. */
export const MAX_SEATS = 1000;

/**
 * The areas of a business that stay open while it is locked (spec section 6: members, upgrade and
 * logout). They are the console's page names below /business and the server's action areas: a
 * change of a locked business outside them is refused with BUSINESS_LOCKED.
 */
export const OPEN_WHILE_LOCKED = ['members', 'invitations', 'upgrade'] as const;
export type TLockedArea = (typeof OPEN_WHILE_LOCKED)[number];

/** Billing error codes the browsers react to. */
export const BILLING_ERRORS = {
  locked: 'BUSINESS_LOCKED',
  seatsExceeded: 'SEATS_EXCEEDED',
  seatsBelowMembers: 'SEATS_BELOW_MEMBERS',
  notTrialing: 'NOT_TRIALING',
  webhookInvalid: 'WEBHOOK_SIGNATURE_INVALID',
  noPayments: 'PAYMENTS_UNAVAILABLE',
  notCancellable: 'PLAN_NOT_CANCELLABLE',
  notCancelling: 'PLAN_NOT_CANCELLING',
  notUpgradable: 'PLAN_NOT_UPGRADABLE',
  planUnchanged: 'PLAN_UNCHANGED',
  vatInvalid: 'VAT_INVALID',
  vatCountryUnsupported: 'VAT_COUNTRY_UNSUPPORTED',
  /** 402: the card was saved but the first invoice failed (declined): no plan started. */
  firstPaymentFailed: 'FIRST_PAYMENT_FAILED',
  /** 502: the payment provider refused or failed a change of the subscription; nothing changed. */
  providerFailed: 'PAYMENT_PROVIDER_FAILED',
} as const;

/** A plan's state (spec section 4): running, cancelling (next plan CANCELED), or cancelled. */
export const PLAN_STATES = ['active', 'cancelling', 'cancelled'] as const;
export type TPlanState = (typeof PLAN_STATES)[number];

/** The console's plan page (spec section 4), where mails and the customer portal lead back to. */
export const BILLING_PLAN_PAGE = '/business/billing/plan';

/**
 * The console remembers here (sessionStorage, per business id appended) that the admin closed the
 * "business downgraded" dialog, so it shows once per visit and not on every page.
 */
export const DOWNGRADED_DIALOG_SEEN_KEY = 'signet.billing.downgradedSeen.';

/**
 * The test-mode clock of billing (SIGNET_MODE=test only; absent otherwise): `POST` with
 * `{ businessId, days }` moves that business's trial and its sandbox subscription's period `days`
 * into the past and runs the daily trial job and the sandbox provider's clock (renewals, plans
 * ending with their period), as if the clock had moved on.
 */
export const BILLING_CLOCK_PATH = '/sandbox/billing/clock';

/** Subscription states of the payment provider (Stripe's names). */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  /** The first invoice was not paid (the card declined it): no plan started; it may still be. */
  'incomplete',
  /** The first invoice stayed unpaid for `PAYMENT_SANDBOX.incompleteHours`: it never started. */
  'incomplete_expired',
  'canceled',
] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The sandbox payment provider's card page (not in production): Stripe's test cards — one
 * succeeds, one is declined, one asks the cardholder to confirm first, and one is saved but its
 * charges fail (Stripe's 4000 0000 0000 0341: the renewals it should pay fail).
 */
export const PAYMENT_SANDBOX = {
  path: '/sandbox/payments',
  /** The sandbox's customer portal (invoices, payment method) below `path`. */
  portalPath: '/portal',
  cards: {
    succeeds: '4242424242424242',
    declined: '4000000000000002',
    confirm: '4000002760003184',
    chargesFail: '4000000000000341',
  },
  /**
   * When the sandbox retries a renewal invoice that failed, in days after the first attempt
   * (Stripe's retry schedule: three retries within two weeks); when the last fails, the
   * subscription is cancelled (`customer.subscription.deleted`).
   */
  retryDays: [3, 7, 14],
  /**
   * How long a subscription whose first invoice failed stays `incomplete` before it is
   * `incomplete_expired` (Stripe's rule: 23 hours; the first invoice is not retried meanwhile).
   */
  incompleteHours: 23,
  /** The portal's card form, below the portal session's address. */
  portalCardPath: '/card',
} as const;
