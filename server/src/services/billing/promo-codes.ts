import type { TBillingCycle } from '@signet/shared/billing/billing.constants';
import { PRICING_ERRORS } from '@signet/shared/billing/pricing.constants';
import {
  discountStatus,
  type TDiscount,
  type TTakenDiscount,
} from '@signet/shared/billing/pricing.rules';
import type {
  TDiscountInfo,
  TPromoValidation,
  TValidatePromoRequest,
} from '@signet/shared/billing/pricing.schema';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  businessDiscounts,
  promoCodes,
  type TBusinessDiscountRow,
  type TPromoCodeRow,
} from '../../db/schema/promo-codes.ts';
import { AppError } from '../../errors.ts';
import { readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';

/** What the price rules read of a promo code or a business's discount row. */
export function discountOf(row: TPromoCodeRow | TBusinessDiscountRow): TDiscount {
  return {
    code: row.code,
    type: row.type,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: row.currency,
    duration: row.duration,
    durationMonths: row.durationMonths,
  };
}

/** A business's discount row with when it is used up, as the invoices' rules read it. */
export const takenDiscountOf = (row: TBusinessDiscountRow): TTakenDiscount => ({
  ...discountOf(row),
  endsAt: row.endsAt,
});

/** A discount as the API shows it (spec section 3 `pricePlan.discounts`). */
export function discountDto(
  discount: TDiscount,
  endsAt: Date | null,
  now = new Date(),
): TDiscountInfo {
  return {
    promoCode: discount.code,
    type: discount.type,
    percentOff: discount.percentOff,
    amountOff: discount.amountOff,
    currency: (discount.currency as TDiscountInfo['currency']) ?? null,
    duration: discount.duration,
    durationMonths: discount.durationMonths,
    status: discountStatus(endsAt, now),
    expiresAt: endsAt?.toISOString() ?? null,
  };
}

/** The discounts a business has taken, active and used up (spec section 3). */
export async function businessDiscountsOf(
  db: DbOrTx,
  businessId: string,
): Promise<TBusinessDiscountRow[]> {
  return db.select().from(businessDiscounts).where(eq(businessDiscounts.businessId, businessId));
}

/**
 * The promo code `code` (any case) for `plan` in `cycle`, usable now by `businessId` (when given):
 * 404 PROMO_CODE_INVALID (no such code), 410 PROMO_CODE_EXPIRED, 409 PROMO_CODE_USED_UP (redeemed
 * as often as it may be), 409 PROMO_CODE_ALREADY_APPLIED (this business took it), 422
 * PROMO_CODE_NOT_FOR_PLAN (other plans or cycles, or an amount in another currency).
 */
export async function usablePromoCode(
  db: DbOrTx,
  input: {
    code: string;
    plan: string;
    cycle: TBillingCycle;
    currency?: string;
    businessId?: string;
  },
  now = new Date(),
): Promise<TPromoCodeRow> {
  const code = input.code.trim().toUpperCase();
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!row) throw new AppError(PRICING_ERRORS.promoUnknown, 404, 'No such promo code');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(PRICING_ERRORS.promoExpired, 410, 'This promo code has expired');
  }
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) {
    throw new AppError(PRICING_ERRORS.promoUsedUp, 409, 'This promo code has been used up');
  }
  const notForPlan =
    (row.plans && !row.plans.includes(input.plan)) ||
    (row.cycles && !row.cycles.includes(input.cycle)) ||
    (row.type === 'amount' && input.currency !== undefined && row.currency !== input.currency);
  if (notForPlan) {
    throw new AppError(
      PRICING_ERRORS.promoNotForPlan,
      422,
      'This promo code is not valid for this plan',
      { plans: row.plans, cycles: row.cycles, currency: row.currency },
    );
  }
  if (input.businessId) {
    const [taken] = await db
      .select({ code: businessDiscounts.code })
      .from(businessDiscounts)
      .where(
        and(eq(businessDiscounts.businessId, input.businessId), eq(businessDiscounts.code, code)),
      );
    if (taken) {
      throw new AppError(PRICING_ERRORS.promoApplied, 409, 'This business has used this code');
    }
  }
  return row;
}

/**
 * Counts one redemption of `code` if it still has one left (false when it has none: the promo
 * went to others meanwhile). The conditional update makes two redemptions of the last one race
 * safely.
 */
export async function redeemPromoCode(tx: DbOrTx, code: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        or(
          isNull(promoCodes.maxRedemptions),
          lt(promoCodes.redemptions, promoCodes.maxRedemptions),
        ),
      ),
    )
    .returning({ code: promoCodes.code });
  return rows.length > 0;
}

/** `POST …/subscriptions/coupons/validate_promo` (admin): the promotion a code gives, or why not. */
export async function validatePromo(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  input: TValidatePromoRequest,
): Promise<TPromoValidation> {
  const { business } = await readBusiness(ctx, businessId);
  const row = await usablePromoCode(ctx.db, {
    code: input.promoCode,
    plan: input.plan,
    cycle: input.cycle,
    businessId: business.id,
  });
  return { valid: true, discount: discountDto(discountOf(row), row.expiresAt) };
}

/**
 * The sandbox's promo codes (every mode but production; the server adds them at start when
 * missing): TEST10 takes 10 % off the first invoice, TEST20X3 20 % off for three months, TEST5
 * five francs or euros (each its own code) off once.
 */
export const SANDBOX_PROMO_CODES = [
  { code: 'TEST10', type: 'percent', percentOff: 10, duration: 'once' },
  { code: 'TEST20X3', type: 'percent', percentOff: 20, duration: 'repeating', durationMonths: 3 },
  { code: 'TEST5CHF', type: 'amount', amountOff: 500, currency: 'CHF', duration: 'once' },
  { code: 'TEST5EUR', type: 'amount', amountOff: 500, currency: 'EUR', duration: 'once' },
] as const satisfies readonly (typeof promoCodes.$inferInsert)[];

/** Adds the sandbox promo codes that are missing (never in production). */
export async function seedSandboxPromoCodes(db: Db): Promise<void> {
  await db
    .insert(promoCodes)
    .values([...SANDBOX_PROMO_CODES])
    .onConflictDoNothing();
}
