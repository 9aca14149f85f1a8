/** Prices, VAT, promo and referral codes (issue 14), zod-free. Amounts are minor units. */

/**
 * Standard VAT rates in basis points (1/100 of a percent: 810 = 8.1 %) by ISO country: the
 * Swiss rate (Liechtenstein shares it) and the EU member states' standard rates (2026).
 */
export const VAT_RATES_BP = {
  CH: 810,
  LI: 810,
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
} as const satisfies Record<string, number>;
export type TVatCountry = keyof typeof VAT_RATES_BP;

/** The EU member states (VAT area of the EU platform's seller). */
export const EU_COUNTRIES = Object.keys(VAT_RATES_BP).filter(
  (c) => c !== 'CH' && c !== 'LI',
) as readonly TVatCountry[];

/** The Swiss VAT area (Switzerland and Liechtenstein). */
export const CH_VAT_AREA: readonly TVatCountry[] = ['CH', 'LI'];

/**
 * Where the seller is established, by platform: the Swiss platform sells from Switzerland, the EU
 * platform from Germany.
 */
export const SELLER_COUNTRY = { CH: 'CH', EU: 'DE' } as const satisfies Record<
  'CH' | 'EU',
  TVatCountry
>;

/**
 * How VAT applies to one invoice: `standard` (the rate of `country` is charged), `reverse_charge`
 * (an EU business customer with a VAT number in another member state accounts for it; 0 %), or
 * `outside_scope` (a customer outside the seller's VAT area; 0 %).
 */
export const VAT_TREATMENTS = ['standard', 'reverse_charge', 'outside_scope'] as const;
export type TVatTreatment = (typeof VAT_TREATMENTS)[number];

/** How a promo code reduces a price: a percentage, or an amount in one currency. */
export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type TDiscountType = (typeof DISCOUNT_TYPES)[number];

/** How long a discount lasts (Stripe's coupon durations). */
export const DISCOUNT_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type TDiscountDuration = (typeof DISCOUNT_DURATIONS)[number];

/** A business's discount (spec sections 3 and 4): active, or used up. */
export const DISCOUNT_STATUSES = ['ACTIVE', 'USED_UP'] as const;
export type TDiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Kinds of line on a price preview: a plan, added seats for the days left, unused time, a discount. */
export const PRICE_LINE_KINDS = ['plan', 'proration', 'credit', 'discount'] as const;
export type TPriceLineKind = (typeof PRICE_LINE_KINDS)[number];

/**
 * What a referral (someone's `ucc` code, stored at sign-up) gives the referred customer on their
 * first purchase: a promotion like any promo code, under the code of the person who referred.
 */
export const REFERRAL_DISCOUNT = {
  type: 'percent',
  percentOff: 10,
  duration: 'once',
} as const;

/** A referral code (`ucc`): letters, digits, `-` and `_`, at most 100 characters. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** A promo code as customers type it: letters, digits, `-` and `_`; compared case-insensitively. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{2,40}$/;

/** Error codes of prices, promo and referral codes the browsers react to. */
export const PRICING_ERRORS = {
  promoUnknown: 'PROMO_CODE_INVALID',
  promoExpired: 'PROMO_CODE_EXPIRED',
  promoUsedUp: 'PROMO_CODE_USED_UP',
  promoApplied: 'PROMO_CODE_ALREADY_APPLIED',
  promoNotForPlan: 'PROMO_CODE_NOT_FOR_PLAN',
  referralInvalid: 'REFERRAL_CODE_INVALID',
  planUnknown: 'PLAN_UNKNOWN',
} as const;
