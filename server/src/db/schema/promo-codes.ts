import type { TBillingCycle, TCurrency } from '@signet/shared/billing/billing.constants';
import type { TDiscountDuration, TDiscountType } from '@signet/shared/billing/pricing.constants';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/** What a discount is (shared's `TDiscount`): percent or amount off, for how long. */
const discountColumns = () => ({
  type: text('type').$type<TDiscountType>().notNull(),
  percentOff: integer('percent_off'),
  amountOff: integer('amount_off'),
  currency: text('currency').$type<TCurrency>(),
  duration: text('duration').$type<TDiscountDuration>().notNull(),
  durationMonths: integer('duration_months'),
});

/**
 * Promo codes a customer types at the upgrade (Stripe's promotion codes and their coupon in one
 * row): percent or amount off, for how long, for which plans, until when and how often. The code
 * is stored upper case; customers type it in any case.
 */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  ...discountColumns(),
  /** Plan names it is valid for; null: every plan. */
  plans: jsonb('plans').$type<string[]>(),
  /** Cycles it is valid for; null: both. */
  cycles: jsonb('cycles').$type<TBillingCycle[]>(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  /** How often it may be redeemed in all; null: no limit. */
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type TPromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * The discounts a business has taken (spec section 3 `pricePlan.discounts`): a promo code or a
 * referral, once per business. Whether one is ACTIVE or USED_UP follows from `ends_at` at every
 * read (shared's `discountStatus`).
 */
export const businessDiscounts = pgTable(
  'business_discounts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The promo code, or the referral code (`source` referral). */
    code: text('code').notNull(),
    source: text('source').$type<'promo' | 'referral'>().notNull(),
    ...discountColumns(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.code] })],
);

export type TBusinessDiscountRow = typeof businessDiscounts.$inferSelect;
