import { randomBytes } from 'node:crypto';
import { PRICING_ERRORS, REFERRAL_DISCOUNT } from '@signet/shared/billing/pricing.constants';
import type { TDiscount } from '@signet/shared/billing/pricing.rules';
import type { TCello, TReferralCode } from '@signet/shared/billing/pricing.schema';
import { REFERRAL_QUERY } from '@signet/shared/ui/ui.constants';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessDiscounts } from '../../db/schema/promo-codes.ts';
import { referralCodes } from '../../db/schema/referral-codes.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { siteLink } from '../auth/links.ts';
import { readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { discountDto } from './promo-codes.ts';

/** Where a referral link leads: the sign-up page, which keeps the `ucc` for the register call. */
const SIGNUP_PATH = '/signup';

/** The discount a referral gives, under the referral's code. */
export function referralDiscount(code: string): TDiscount {
  return {
    code,
    type: REFERRAL_DISCOUNT.type,
    percentOff: REFERRAL_DISCOUNT.percentOff,
    amountOff: null,
    currency: null,
    duration: REFERRAL_DISCOUNT.duration,
    durationMonths: null,
  };
}

/**
 * `code` as a referral for `userId`: someone else's referral code (404 REFERRAL_CODE_INVALID when
 * it is no one's or the caller's own).
 */
export async function usableReferralCode(
  db: DbOrTx,
  code: string,
  userId: string,
): Promise<TDiscount> {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code.trim()));
  if (!row || row.userId === userId) {
    throw new AppError(PRICING_ERRORS.referralInvalid, 404, 'No such referral code');
  }
  return referralDiscount(row.code);
}

/** Whether the business has taken a referral discount already (one per business). */
async function hasReferral(db: DbOrTx, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ code: businessDiscounts.code })
    .from(businessDiscounts)
    .where(
      and(eq(businessDiscounts.businessId, businessId), eq(businessDiscounts.source, 'referral')),
    );
  return row !== undefined;
}

/**
 * `GET …/subscriptions/coupons/referral_code` (admin): the admin's referral from sign-up
 * (`celloUcc`) when it is someone else's code and the business has not taken a referral yet.
 */
export async function getReferralCode(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
): Promise<TReferralCode> {
  const { business } = await readBusiness(ctx, businessId);
  const [user] = await ctx.db
    .select({ ucc: users.celloUcc })
    .from(users)
    .where(eq(users.id, ctx.principal.userId));
  if (!user?.ucc || (await hasReferral(ctx.db, business.id))) {
    return { referralCode: null, discount: null };
  }
  try {
    const discount = await usableReferralCode(ctx.db, user.ucc, ctx.principal.userId);
    return { referralCode: discount.code, discount: discountDto(discount, null) };
  } catch (e) {
    if (e instanceof AppError) return { referralCode: null, discount: null };
    throw e;
  }
}

/**
 * `POST /v1/user/cello`: the caller's own referral code (eleven characters, as Cello's `ucc`s),
 * made on the first call, and the sign-up link that carries it.
 */
export async function userCello(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
): Promise<TCello> {
  const { userId } = ctx.principal;
  const link = (ucc: string) => ({
    ucc,
    link: siteLink(ctx.config, SIGNUP_PATH, { [REFERRAL_QUERY]: ucc }),
  });
  const [existing] = await ctx.db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  if (existing) return link(existing.code);
  const code = randomBytes(8).toString('base64url').slice(0, 11);
  const [row] = await ctx.db
    .insert(referralCodes)
    .values({ userId, code })
    .onConflictDoUpdate({ target: referralCodes.userId, set: { userId } })
    .returning({ code: referralCodes.code });
  if (!row) throw new Error('referral code insert returned no row');
  return link(row.code);
}
