import { CURRENCIES } from '@signet/shared/billing/billing.constants';
import {
  discountEndsAt,
  type TDiscount,
  type TTakenDiscount,
} from '@signet/shared/billing/pricing.rules';
import type { DbOrTx } from '../../db/client.ts';
import { businessDiscounts } from '../../db/schema/promo-codes.ts';
import type { TPricePlanRow } from './price-plans.ts';
import { discountOf, redeemPromoCode, usablePromoCode } from './promo-codes.ts';
import { usableReferralCode } from './referrals.ts';

/** The codes a purchase names (the upgrade's body, the setup intent's metadata). */
export type TRequestedCodes = { promoCode?: string | null; referralCode?: string | null };

/**
 * The discounts a purchase of `plan` by `userId` asks for, each checked (the promo code's and the
 * referral's 4xx codes when they do not hold; for `businessId`, a promo it took already too).
 */
export async function requestedDiscounts(
  db: DbOrTx,
  userId: string,
  codes: TRequestedCodes,
  plan: Pick<TPricePlanRow, 'name' | 'cycle' | 'currency'>,
  businessId?: string,
): Promise<TDiscount[]> {
  const discounts: TDiscount[] = [];
  if (codes.promoCode) {
    const row = await usablePromoCode(db, {
      code: codes.promoCode,
      plan: plan.name,
      cycle: plan.cycle,
      currency: plan.currency,
      ...(businessId ? { businessId } : {}),
    });
    discounts.push(discountOf(row));
  }
  if (codes.referralCode) {
    discounts.push(await usableReferralCode(db, codes.referralCode, userId));
  }
  return discounts;
}

type TDiscountTaking = {
  businessId: string;
  userId: string;
  plan: Pick<TPricePlanRow, 'name' | 'cycle' | 'currency'>;
  codes: TRequestedCodes;
  at: Date;
};

/**
 * The discounts a plan that starts `at` for the business would take: each code asked for that
 * still holds (expired, used up or taken meanwhile: skipped, the plan starts without it), with
 * its source and its end.
 */
async function holdingDiscounts(tx: DbOrTx, input: TDiscountTaking) {
  const holding: { discount: TDiscount; source: 'promo' | 'referral'; endsAt: Date | null }[] = [];
  for (const [source, code] of [
    ['promo', input.codes.promoCode],
    ['referral', input.codes.referralCode],
  ] as const) {
    if (!code) continue;
    try {
      const [discount] = await requestedDiscounts(
        tx,
        input.userId,
        source === 'promo' ? { promoCode: code } : { referralCode: code },
        input.plan,
        input.businessId,
      );
      if (discount) {
        holding.push({
          discount,
          source,
          endsAt: discountEndsAt(discount, input.plan.cycle, input.at),
        });
      }
    } catch {
      // Expired, used up or taken meanwhile: the plan starts without this discount.
    }
  }
  return holding;
}

/**
 * The discounts `takeDiscounts` would take, without taking them: what a subscription whose first
 * invoice is charged before the plan starts is priced with (the sandbox's).
 */
export async function discountsToTake(
  tx: DbOrTx,
  input: TDiscountTaking,
): Promise<TTakenDiscount[]> {
  return (await holdingDiscounts(tx, input)).map(({ discount, endsAt }) => ({
    ...discount,
    endsAt,
  }));
}

/**
 * Takes the discounts of a plan that starts `at` for the business (under its lock, in the
 * change that starts the plan): each promo code is redeemed once more if it still may be, and
 * recorded with its end (spec sections 3 and 4: ACTIVE until then, USED_UP after). A code that
 * no longer holds (expired, used up, taken) is skipped: the plan starts without it, as the card
 * was taken for the plan.
 */
export async function takeDiscounts(tx: DbOrTx, input: TDiscountTaking): Promise<void> {
  for (const { discount, source, endsAt } of await holdingDiscounts(tx, input)) {
    if (source === 'promo' && !(await redeemPromoCode(tx, discount.code))) continue;
    await tx
      .insert(businessDiscounts)
      .values({
        businessId: input.businessId,
        source,
        ...discount,
        currency: CURRENCIES.find((c) => c === discount.currency) ?? null,
        startedAt: input.at,
        endsAt,
      })
      .onConflictDoNothing();
  }
}
