import { z } from 'zod';
import {
  BILLING_CYCLES,
  CURRENCIES,
  MAX_SEATS,
  PAYMENT_METHODS,
  PLAN_STATES,
  PLAN_TIERS,
  SUBSCRIPTION_STATUSES,
} from './billing.constants.ts';
import { PROMO_CODE_PATTERN, REFERRAL_CODE_PATTERN } from './pricing.constants.ts';
import { ZDiscountInfoSchema, ZVatDtoSchema } from './pricing.schema.ts';

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
  billing: z.object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    vat: z.string().nullable(),
    currency: z.enum(CURRENCIES).nullable(),
  }),
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
  /** Spec section 4: cancelling (next plan CANCELED, revocable) or cancelled (current CANCELED). */
  planState: z.enum(PLAN_STATES),
  /** The plan that follows and when (CANCELED while cancelling), else null. */
  next: z.object({ plan: z.string(), startsAt: z.iso.datetime().nullable() }).nullable(),
  /** The end of the paid period running now (null while trialing). */
  periodEndsAt: z.iso.datetime().nullable(),
  /** Spec section 4: the provider's status is anything but active or incomplete_expired. */
  paymentIssue: z.boolean(),
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
  /**
   * The provider's number of the event in the order it made them, when it gives one (the
   * sandbox's; Stripe's events carry none): orders the events of one second.
   */
  sequence: z.number().int().min(0).optional(),
  data: z.object({
    object: z.object({
      id: z.string(),
      status: z.enum([...SUBSCRIPTION_STATUSES, 'succeeded', 'failed']).optional(),
      metadata: z.record(z.string(), z.string()).optional(),
      /** A subscription's period end (Unix seconds) and whether it ends then (Stripe's fields). */
      current_period_end: z.number().int().optional(),
      cancel_at_period_end: z.boolean().optional(),
      /** When the subscription ends at a set date (Stripe's `cancel_at`, Unix seconds; null: none). */
      cancel_at: z.number().int().nullable().optional(),
      /**
       * A subscription's item as the provider holds it: the price's lookup key (`pro_v1_monthly_chf`,
       * shared's `priceLookupKey`) and the quantity (seats), so Signet converges to it.
       */
      price_lookup_key: z.string().max(200).optional(),
      quantity: z.number().int().min(1).optional(),
    }),
  }),
});
export type TPaymentEvent = z.infer<typeof ZPaymentEventSchema>;

export const ZWebhookAnswerSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });
export type TWebhookAnswer = z.infer<typeof ZWebhookAnswerSchema>;

/**
 * The billing address, VAT number and currency of a business (spec section 3 `billing`;
 * `PUT /v2/businesses/{id}/billing`). The VAT number is checked by the country's format (shared's
 * `vatProblem`) and kept normalised.
 */
export const ZBillingAddressSchema = z.strictObject({
  address1: z.string().trim().min(1).max(200),
  address2: z.string().trim().max(200).nullish(),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  vat: z.string().trim().max(30).nullish(),
  currency: z.enum(CURRENCIES),
});
export type TBillingAddress = z.output<typeof ZBillingAddressSchema>;

/** One invoice line, minor units. */
export const ZInvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLineSchema>;

/**
 * An invoice of the business at the payment provider (amounts in minor units): the lines (net,
 * discounts negative), their sum, the VAT on it and the total.
 */
export const ZInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  currency: z.enum(CURRENCIES),
  subtotal: z.number().int(),
  /** The VAT charged, as the previews price it (null on invoices from before VAT was invoiced). */
  vat: ZVatDtoSchema.nullable(),
  total: z.number().int(),
  lines: z.array(ZInvoiceLineSchema),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

/**
 * `GET /v2/businesses/{id}/subscriptions/invoices` (admin): the invoices, newest first, and the
 * card they are paid with — its last four digits only.
 */
export const ZInvoiceListSchema = z.object({
  items: z.array(ZInvoiceSchema),
  paymentMethod: z.object({ type: z.literal('card'), last4: z.string() }).nullable(),
});
export type TInvoiceList = z.infer<typeof ZInvoiceListSchema>;

export const ZInvoiceParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  invoiceId: z.string().regex(/^in_[0-9a-f]{24}$/),
});
export type TInvoiceParams = z.infer<typeof ZInvoiceParamsSchema>;

/** The customer portal's address (`stripe/cpsession`, `chargebee/portal_session`). */
export const ZPortalSessionSchema = z.object({ redirectUrl: z.string() });
export type TPortalSession = z.infer<typeof ZPortalSessionSchema>;
