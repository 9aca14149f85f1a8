import type {
  TBillingCycle,
  TCurrency,
  TPaymentMethod,
  TSubscriptionStatus,
} from '@signet/shared/billing/billing.constants';
import type { TBillingAddress } from '@signet/shared/billing/billing.schema';
import type { TAes4biz, TBusinessSettings } from '@signet/shared/business/business.schema';
import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The settings a business has stored: any subset of spec section 3's object. They are read only
 * through `resolveBusinessSettings` (shared), which puts them over the defaults.
 */
export type TStoredBusinessSettings = Partial<TBusinessSettings>;

/** Businesses: identity, contact, settings; members live in `business_members`. */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  /** `settings` of spec section 3, validated by shared's schema. */
  settings: jsonb('settings').$type<TStoredBusinessSettings>().notNull().default({}),
  /** AES for business (spec section 3); missing fields take their defaults. */
  aes4biz: jsonb('aes4biz').$type<Partial<TAes4biz>>().notNull().default({}),
  /** Blob key (content key) of the company logo and its type. */
  logoBlobKey: text('logo_blob_key'),
  logoType: text('logo_type'),
  /**
   * How the business pays (spec section 3 `billing.paymentMethod`); whether it is locked follows
   * from it and the trial's end by shared's `isBusinessLocked`.
   */
  paymentMethod: text('payment_method').$type<TPaymentMethod>().notNull().default('TRIALING'),
  /** The current plan's name (TRIAL while trialing) and when it started. */
  planName: text('plan_name').notNull().default('TRIAL'),
  planStartedAt: timestamp('plan_started_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  /** The cycle and currency the current paid plan is billed in (null while trialing). */
  planCycle: text('plan_cycle').$type<TBillingCycle>(),
  planCurrency: text('plan_currency').$type<TCurrency>(),
  /**
   * The plan that follows the current one and when (spec section 3 `pricePlan.next`): CANCELED
   * while the plan is cancelling (spec section 4), null otherwise; and the current paid period's
   * end, as the provider reported it.
   */
  nextPlanName: text('next_plan_name'),
  nextPlanStartsAt: timestamp('next_plan_starts_at', { withTimezone: true, mode: 'date' }),
  planPeriodEndsAt: timestamp('plan_period_ends_at', { withTimezone: true, mode: 'date' }),
  /** The billing address, VAT number and currency (spec section 3 `billing`), checked by shared. */
  billingAddress: jsonb('billing_address').$type<TBillingAddress>(),
  /** When the trial ends (null once the business no longer trials), and when its reminder went. */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true, mode: 'date' }),
  trialRemindedAt: timestamp('trial_reminded_at', { withTimezone: true, mode: 'date' }),
  /** Seats bought: members and pending invitations together may not exceed them. */
  seats: integer('seats').notNull().default(5),
  /**
   * The provider's subscription status and the time of the event that set it (a webhook older than
   * it is ignored, so events out of order never move the subscription back).
   */
  subscriptionStatus: text('subscription_status').$type<TSubscriptionStatus>(),
  subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true, mode: 'date' }),
  /**
   * The provider's sequence of that last event, when it gives one (the sandbox's; null for
   * Stripe's and for a change Signet recorded itself): events of one second are ordered by it
   * (shared's `isNewerEvent`).
   */
  subscriptionEventSeq: bigint('subscription_event_seq', { mode: 'number' }),
  /**
   * The subscription's id at a provider over the network (Stripe's `sub_…`), kept when the job
   * that made it succeeds: seat and plan changes update that subscription. The sandbox finds its
   * own by the business.
   */
  providerSubscriptionId: text('provider_subscription_id'),
  /** A scheduled deletion: when it was asked for and when the job carries it out. */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true, mode: 'date' }),
  deletionDueAt: timestamp('deletion_due_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  gtcAcceptedAt: timestamp('gtc_accepted_at', { withTimezone: true, mode: 'date' }),
  dpaAcceptedAt: timestamp('dpa_accepted_at', { withTimezone: true, mode: 'date' }),
});

export type TBusinessRow = typeof businesses.$inferSelect;
