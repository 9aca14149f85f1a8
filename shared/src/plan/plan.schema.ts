import { z } from 'zod';
import { BILLING_CYCLES, CURRENCIES, PLAN_STATES } from '../billing/billing.constants.ts';
import { FREE_ACCOUNT_TYPES } from '../user/user.constants.ts';
import { USER_PLAN_KINDS } from './plan.constants.ts';

/**
 * `GET /v1/user/plan`: the caller's plan and what it allows. `signatures` is the free quota of
 * the current month (null when a paid plan has none).
 */
export const ZUserPlanSchema = z.object({
  kind: z.enum(USER_PLAN_KINDS),
  /** The individual plan's name (INDIVIDUAL_…) while it runs, else null. */
  name: z.string().nullable(),
  freeAccountType: z.enum(FREE_ACCOUNT_TYPES),
  uploadAllowed: z.boolean(),
  /**
   * The individual plan bought (null without one): its state (spec section 4: 'cancelling' until
   * `endsAt`, revocable; 'cancelled' from then on, the user is on the free plan again), and the
   * end of its current period while it runs (where a cancel takes effect).
   */
  individual: z
    .object({
      name: z.string(),
      cycle: z.enum(BILLING_CYCLES),
      state: z.enum(PLAN_STATES),
      startedAt: z.iso.datetime(),
      periodEndsAt: z.iso.datetime().nullable(),
      endsAt: z.iso.datetime().nullable(),
      /** The provider reports a payment problem (shared's `hasPaymentIssue` of its status). */
      paymentIssue: z.boolean(),
    })
    .nullable(),
  signatures: z
    .object({
      quota: z.number().int(),
      used: z.number().int(),
      left: z.number().int(),
      resetsAt: z.iso.datetime(),
    })
    .nullable(),
});
export type TUserPlan = z.infer<typeof ZUserPlanSchema>;

/**
 * `POST /v2/businesses/direct_upgrade/stripe_setup_intent`: the individual plan to buy, its cycle
 * and currency. The answer (`{ id, redirectUrl }`) is the provider's card page.
 */
export const ZDirectSetupIntentRequestSchema = z.strictObject({
  plan: z.string().min(1).max(60),
  cycle: z.enum(BILLING_CYCLES),
  currency: z.enum(CURRENCIES),
});
export type TDirectSetupIntentRequest = z.infer<typeof ZDirectSetupIntentRequestSchema>;

/** `POST /v2/businesses/direct_upgrade/confirm`: the setup intent the card page returned with. */
export const ZDirectUpgradeConfirmSchema = z.strictObject({
  setupIntentId: z.string().min(1).max(100),
});
export type TDirectUpgradeConfirm = z.infer<typeof ZDirectUpgradeConfirmSchema>;
