import { z } from 'zod';
import {
  BILLING_CYCLES,
  CURRENCIES,
  MAX_SEATS,
  PAYMENT_METHODS,
  PLAN_TIERS,
  SUBSCRIPTION_STATUSES,
} from './billing.constants.ts';
import { PROMO_CODE_PATTERN, REFERRAL_CODE_PATTERN } from './pricing.constants.ts';
import { ZDiscountInfoSchema } from './pricing.schema.ts';

/**
 * One price of a plan (`GET /v2/businesses/price_plans`): a tier in one cycle and currency.
 * `unitAmount` is in minor units (cents, Rappen) per seat, or for the whole plan when `perSeat`
 * is false. The prices live in the database (`price_plans`), seeded by a migration.
 */
export const ZPricePlanSchema = z.object({
  name: z.string(),
  tier: z.enum(PLAN_TIERS),
  cycle: z.enum(BILLING_CYCLES),
  currency: z.enum(CURRENCIES),
  unitAmount: z.number().int().nonnegative(),
  perSeat: z.boolean(),
  /** What the plan allows of signer groups (written into the business's settings when it starts). */
  signerGroups: z.object({ maxGroups: z.number().int(), maxParticipants: z.number().int() }),
});
export type TPricePlan = z.infer<typeof ZPricePlanSchema>;

export const ZPricePlanListSchema = z.object({ items: z.array(ZPricePlanSchema) });
export type TPricePlanList = z.infer<typeof ZPricePlanListSchema>;

/** A plan period (spec section 3 `pricePlan.current.base`). */
export const ZPlanBaseSchema = z.object({
  type: z.string(),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime().nullable(),
});
export type TPlanBase = z.infer<typeof ZPlanBaseSchema>;

/**
 * What a business pays and may use (spec section 3 `billing` and `pricePlan`, and its seats).
 * `paymentMethod` is the one at the time of the answer: a trial past its end reads
 * NEEDS_PAYMENT_METHOD even before the daily job wrote it down.
 */
export const ZBusinessBillingSchema = z.object({
  billing: z.object({ paymentMethod: z.enum(PAYMENT_METHODS) }),
  pricePlan: z.object({
    name: z.string(),
    current: z.object({ base: ZPlanBaseSchema }),
    next: z.object({ base: ZPlanBaseSchema }).nullable(),
    /** The promo codes and referral the business took, ACTIVE or USED_UP (spec sections 3, 4). */
    discounts: z.array(ZDiscountInfoSchema).optional(),
  }),
  seats: z.number().int(),
});
export type TBusinessBilling = z.infer<typeof ZBusinessBillingSchema>;

/** `GET /v2/businesses/{id}/subscriptions/usage` (admin): plan, trial end and seats in use. */
export const ZSubscriptionUsageSchema = z.object({
  plan: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  trialEndsAt: z.iso.datetime().nullable(),
  locked: z.boolean(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  seats: z.object({ total: z.number().int(), used: z.number().int() }),
});
export type TSubscriptionUsage = z.infer<typeof ZSubscriptionUsageSchema>;

/** `PUT /v2/businesses/{id}/subscriptions/seats` (spec: seats, timestamp). */
export const ZUpdateSeatsSchema = z.strictObject({
  seats: z.number().int().min(1).max(MAX_SEATS),
  timestamp: z.iso.datetime().optional(),
});
export type TUpdateSeats = z.infer<typeof ZUpdateSeatsSchema>;

/**
 * `POST /v2/businesses/{id}/subscriptions/stripe_setup_intent` (admin; open while locked): the
 * plan to buy and the card to collect. The answer's `redirectUrl` is the provider's hosted card
 * page; no card data ever reaches Signet.
 */
export const ZSetupIntentRequestSchema = z.strictObject({
  plan: z.string().min(1).max(60),
  cycle: z.enum(BILLING_CYCLES),
  currency: z.enum(CURRENCIES),
  seats: z.number().int().min(1).max(MAX_SEATS),
  country: z.string().length(2).optional(),
  /** A promo code and a referral code to take with the plan (checked now, taken when it starts). */
  promoCode: z.string().trim().regex(PROMO_CODE_PATTERN).nullish(),
  referralCode: z.string().trim().regex(REFERRAL_CODE_PATTERN).nullish(),
});
export type TSetupIntentRequest = z.infer<typeof ZSetupIntentRequestSchema>;

export const ZSetupIntentSchema = z.object({ id: z.string(), redirectUrl: z.string() });
export type TSetupIntent = z.infer<typeof ZSetupIntentSchema>;

/**
 * An event of the payment provider at Signet's webhook (Stripe's shape): verified by its
 * signature header, applied once (by `id`), never moving a subscription back (by `created`).
 */
export const ZPaymentEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  created: z.number().int(),
  data: z.object({
    object: z.object({
      id: z.string(),
      status: z.enum([...SUBSCRIPTION_STATUSES, 'succeeded', 'failed']).optional(),
      metadata: z.record(z.string(), z.string()).optional(),
    }),
  }),
});
export type TPaymentEvent = z.infer<typeof ZPaymentEventSchema>;

export const ZWebhookAnswerSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });
export type TWebhookAnswer = z.infer<typeof ZWebhookAnswerSchema>;
