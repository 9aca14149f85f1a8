import { BILLING_CYCLES, type TSubscriptionStatus } from '@signet/shared/billing/billing.constants';
import type { TEidData } from '@signet/shared/identification/identification.schema';
import {
  EMAIL_NOTIFICATION_LEVELS,
  FREE_ACCOUNT_TYPES,
  LEGISLATIONS,
  SIGNATURE_QUALITIES,
  type TLegislation,
  USER_LANGS,
} from '@signet/shared/user/user.schema';
import {
  bigint,
  boolean,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Accounts. `email` is stored lowercased and unique. `passwordHash` is an argon2id PHC string;
 * null for an account without a password (SSO, later).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    /** The stored password no longer meets the policy (set at login, cleared on change). */
    weakPassword: boolean('weak_password').notNull().default(false),
    lang: text('lang', { enum: USER_LANGS }).notNull().default('en'),
    mobile: text('mobile'),
    /** When the mobile number was confirmed with a code (AES minimal); cleared when it changes. */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * What identifications proved (kept current by the identification service): the verified
     * identity, AES, and the legislations QES is active for. Null until one succeeded.
     */
    identity: jsonb('identity').$type<TUserIdentity>(),
    /** Identification providers whose terms of use the person accepted (`tou_{provider}`). */
    acceptedTou: jsonb('accepted_tou').$type<string[]>().notNull().default([]),
    signerIdentityEmail: text('signer_identity_email'),
    acceptedGtcAt: timestamp('accepted_gtc_at', { withTimezone: true, mode: 'date' }),
    acceptedBusinessInvite: boolean('accepted_business_invite').notNull().default(true),
    businessDeleted: boolean('business_deleted').notNull().default(false),
    removedFromBusiness: boolean('removed_from_business').notNull().default(false),
    emailNotificationLevel: text('email_notification_level', { enum: EMAIL_NOTIFICATION_LEVELS })
      .notNull()
      .default('ALL'),
    defaultLegislation: text('default_legislation', { enum: LEGISLATIONS }),
    defaultQuality: text('default_quality', { enum: SIGNATURE_QUALITIES }),
    freeAccountType: text('free_account_type', { enum: FREE_ACCOUNT_TYPES })
      .notNull()
      .default('free_v1'),
    /**
     * The individual plan (a `price_plans` name of tier individual) while it runs, else null;
     * bought with a direct upgrade (services/billing/direct-upgrade.ts). A new sign-up is on
     * the new free plan (`free_v1`); accounts from before it keep `free_legacy`.
     */
    individualPlan: text('individual_plan'),
    individualPlanStartedAt: timestamp('individual_plan_started_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** The provider's setup intent that started the individual plan (applied once). */
    individualSetupIntent: text('individual_setup_intent'),
    /** The individual plan's billing cycle (its periods count from its start). */
    individualPlanCycle: text('individual_plan_cycle', { enum: BILLING_CYCLES }),
    /**
     * When a cancelled individual plan ends (its period's end): set by cancelling, cleared by
     * revoking or buying it again. Until then the plan is 'cancelling', from then on the user is
     * on the free plan ('cancelled'), read at every check (no job has to run).
     */
    individualPlanEndsAt: timestamp('individual_plan_ends_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /**
     * Whether the individual plan is billed by a subscription at the payment provider (every plan
     * bought from migration 0030 on); false for plans bought before, whose cancel is Signet's
     * record only.
     */
    individualBilledByProvider: boolean('individual_billed_by_provider').notNull().default(false),
    /** That subscription's id at the provider (`sub_…`), once it is made (Stripe: by a job). */
    individualSubscriptionId: text('individual_subscription_id'),
    /**
     * The provider's status of that subscription, the end of its current period, and the time of
     * the event that set them (an older event is ignored, so events out of order never move the
     * plan back).
     */
    individualSubscriptionStatus: text(
      'individual_subscription_status',
    ).$type<TSubscriptionStatus>(),
    individualPeriodEndsAt: timestamp('individual_period_ends_at', {
      withTimezone: true,
      mode: 'date',
    }),
    individualSubscriptionEventAt: timestamp('individual_subscription_event_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** The provider's sequence of that last event (as `businesses.subscription_event_seq`). */
    individualSubscriptionEventSeq: bigint('individual_subscription_event_seq', { mode: 'number' }),
    immutableEidFields: jsonb('immutable_eid_fields').$type<string[]>().notNull().default([]),
    p11SigningName: text('p11_signing_name'),
    p11SigningReason: text('p11_signing_reason'),
    celloUcc: text('cello_ucc'),
    frontendVersion: text('frontend_version'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export type TUserRow = typeof users.$inferSelect;

/** What a person's successful identifications proved (users.identity). */
export type TUserIdentity = {
  verified: TEidData;
  /** The provider of the latest success. */
  provider: string;
  identifiedAt: string;
  aes: boolean;
  /** Legislations with a qualified identification: QES (DEMO in the test system) is active. */
  qes: TLegislation[];
};
