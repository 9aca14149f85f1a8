import { z } from 'zod';
import { BILLING_CYCLES, CURRENCIES, MAX_SEATS } from './billing.constants.ts';
import {
  DISCOUNT_DURATIONS,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  PRICE_LINE_KINDS,
  PROMO_CODE_PATTERN,
  REFERRAL_CODE_PATTERN,
  VAT_TREATMENTS,
} from './pricing.constants.ts';

const promoCode = z.string().trim().regex(PROMO_CODE_PATTERN, { error: 'not a promo code' });
const referralCode = z
  .string()
  .trim()
  .regex(REFERRAL_CODE_PATTERN, { error: 'not a referral code' });
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'an ISO country code of two letters' })
  .transform((c) => c.toUpperCase());

/**
 * `POST …/subscriptions/upgrade/preview` and `POST /v2/businesses/direct_upgrade/preview` (spec:
 * promoCode, plan, cycle, amountSeats, currency, referralCode). `country` and `vat` (optional)
 * decide the VAT; without a country the seller's own applies.
 */
export const ZUpgradePreviewRequestSchema = z.strictObject({
  plan: z.string().min(1).max(60),
  cycle: z.enum(BILLING_CYCLES),
  currency: z.enum(CURRENCIES),
  amountSeats: z.number().int().min(1).max(MAX_SEATS).default(1),
  promoCode: promoCode.nullish(),
  referralCode: referralCode.nullish(),
  country: country.optional(),
  vat: z.string().trim().max(20).optional(),
});
export type TUpgradePreviewRequest = z.infer<typeof ZUpgradePreviewRequestSchema>;

/**
 * `PUT …/subscriptions/upgrade` (spec section 4: preview, then upgrade): the preview's plan,
 * seats and codes; the VAT is the billing address's, as the invoice charges it.
 */
export const ZSubscriptionUpgradeSchema = ZUpgradePreviewRequestSchema.omit({
  country: true,
  vat: true,
});
export type TSubscriptionUpgrade = z.infer<typeof ZSubscriptionUpgradeSchema>;

/** `POST …/subscriptions/seats/preview` (spec: seats); `country` and `vat` as for the upgrade. */
export const ZSeatsPreviewRequestSchema = z.strictObject({
  seats: z.number().int().min(1).max(MAX_SEATS),
  country: country.optional(),
  vat: z.string().trim().max(20).optional(),
});
export type TSeatsPreviewRequest = z.infer<typeof ZSeatsPreviewRequestSchema>;

/** `POST …/subscriptions/coupons/validate_promo` (spec: promoCode, plan, cycle, type). */
export const ZValidatePromoRequestSchema = z.strictObject({
  promoCode,
  plan: z.string().min(1).max(60),
  cycle: z.enum(BILLING_CYCLES),
  type: z.enum(['business', 'individual']).optional(),
});
export type TValidatePromoRequest = z.infer<typeof ZValidatePromoRequestSchema>;

/** A discount (spec section 3 `pricePlan.discounts`) with what it takes off. */
export const ZDiscountInfoSchema = z.object({
  promoCode: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  duration: z.enum(DISCOUNT_DURATIONS),
  durationMonths: z.number().int().nullable(),
  status: z.enum(DISCOUNT_STATUSES),
  expiresAt: z.iso.datetime().nullable(),
});
export type TDiscountInfo = z.infer<typeof ZDiscountInfoSchema>;

/** The answer of validate_promo: the promotion the code gives. */
export const ZPromoValidationSchema = z.object({
  valid: z.literal(true),
  discount: ZDiscountInfoSchema,
});
export type TPromoValidation = z.infer<typeof ZPromoValidationSchema>;

export const ZPriceLineDtoSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  label: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
});
export type TPriceLineDto = z.infer<typeof ZPriceLineDtoSchema>;

export const ZVatDtoSchema = z.object({
  country: z.string(),
  /** Basis points: 810 = 8.1 %. */
  rate: z.number().int(),
  treatment: z.enum(VAT_TREATMENTS),
  amount: z.number().int(),
});
export type TVatDto = z.infer<typeof ZVatDtoSchema>;

/** A priced invoice: lines (discounts negative), their sum, the VAT on it and the total. */
export const ZPricedInvoiceDtoSchema = z.object({
  lines: z.array(ZPriceLineDtoSchema),
  subtotal: z.number().int(),
  vat: ZVatDtoSchema,
  total: z.number().int(),
});
export type TPricedInvoiceDto = z.infer<typeof ZPricedInvoiceDtoSchema>;

/**
 * A preview (upgrade, direct upgrade, seats): what is due now and what the next renewal costs,
 * in minor units of `currency`, with VAT; `proration` for a change within a paid period.
 */
export const ZPricePreviewSchema = z.object({
  plan: z.string(),
  cycle: z.enum(BILLING_CYCLES),
  currency: z.enum(CURRENCIES),
  seats: z.number().int(),
  dueNow: ZPricedInvoiceDtoSchema,
  renewal: ZPricedInvoiceDtoSchema.extend({ at: z.iso.datetime() }),
  proration: z.object({ daysLeft: z.number().int(), daysInCycle: z.number().int() }).nullable(),
  discounts: z.array(ZDiscountInfoSchema),
});
export type TPricePreview = z.infer<typeof ZPricePreviewSchema>;

/**
 * `GET …/subscriptions/coupons/referral_code`: the referral code that applies to this business's
 * purchase (the admin's `celloUcc` from sign-up, when it names another person's code and the
 * business has not used a referral yet), and what it gives.
 */
export const ZReferralCodeSchema = z.object({
  referralCode: z.string().nullable(),
  discount: ZDiscountInfoSchema.nullable(),
});
export type TReferralCode = z.infer<typeof ZReferralCodeSchema>;

/** `POST /v1/user/cello`: the caller's own referral code and the sign-up link that carries it. */
export const ZCelloSchema = z.object({ ucc: z.string(), link: z.string() });
export type TCello = z.infer<typeof ZCelloSchema>;
