/**
 * What an individual's plan allows (spec sections 2, 3 and 5), zod-free: the free account types
 * on the new free plan, the free signature quota, and the codes the browsers react to.
 */
import type { TFreeAccountType } from '../user/user.constants.ts';

/**
 * Free account types on the new free plan (spec: "/upload blocked for users on the new free
 * plan"): `free_v1` (signed up on it) and `free_migrated` (moved to it from the legacy plan).
 * `free_legacy` keeps the legacy free plan, which uploads.
 */
export const NEW_FREE_ACCOUNT_TYPES: readonly TFreeAccountType[] = ['free_v1', 'free_migrated'];

/**
 * The free signature quota: signatures a user without a paid plan may make per calendar month
 * (UTC) on requests nobody pays for (a request sent for a business, or by someone on the
 * individual plan, never counts: the sender pays).
 */
export const FREE_SIGNATURES_PER_MONTH = 5;

/** What a user's plan is: free (a free account type), the individual plan, or a business seat. */
export const USER_PLAN_KINDS = ['free', 'individual', 'business'] as const;
export type TUserPlanKind = (typeof USER_PLAN_KINDS)[number];

/** Plan error codes the browsers react to (upgrade notice, exhausted-signatures overlay). */
export const PLAN_ERRORS = {
  /** 402: the new free plan does not include uploading documents. */
  uploadNotIncluded: 'PLAN_UPLOAD_NOT_INCLUDED',
  /** 402: the free signatures of this month are used up. */
  signaturesExhausted: 'FREE_SIGNATURES_EXHAUSTED',
  /** 409: the card was not (yet) accepted for this setup intent. */
  setupNotSucceeded: 'SETUP_INTENT_NOT_SUCCEEDED',
  /** 409: the caller already has the individual plan or a business seat. */
  alreadyPaid: 'PLAN_ALREADY_PAID',
  /** 409: only an account on the legacy free plan (free_legacy) moves to the new free plan. */
  notLegacy: 'PLAN_NOT_LEGACY',
  /** 409: the caller has no individual plan billed by the payment provider (no customer portal). */
  notBilled: 'PLAN_NOT_BILLED',
} as const;

/** The query parameter the payment provider's card page returns to /upgrade with. */
export const SETUP_INTENT_PARAM = 'setup_intent';

/**
 * The test-mode hooks of an individual's plan (SIGNET_MODE=test only; absent otherwise), each
 * for one account: `POST …/clock` with `{ userId, days }` moves its individual plan's start and
 * end `days` into the past (a cancelled plan then ends as its period would); `POST …/legacy` with
 * `{ userId }` puts a free account on the legacy free plan, as migration 0025 did to every
 * account before it.
 */
export const PLAN_SANDBOX_PATH = '/sandbox/plans';

/** The payment provider's metadata key that marks a setup intent (and its subscription) as an
 * individual's direct upgrade: its value is the user's id. */
export const DIRECT_UPGRADE_USER = 'directUpgradeUserId';

/** The metadata key of a subscription that names the setup intent whose card started it. */
export const SUBSCRIPTION_SETUP_INTENT = 'setupIntentId';
