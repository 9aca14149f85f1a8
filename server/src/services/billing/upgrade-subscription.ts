import { BILLING_ERRORS } from '@signet/shared/billing/billing.constants';
import { planState } from '@signet/shared/billing/billing.rules';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import type { TSubscriptionUpgrade } from '@signet/shared/billing/pricing.schema';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { paymentProviderOf } from '../../providers/payments/provider.ts';
import type { ServiceContext } from '../context.ts';
import { customerVat } from './customer-vat.ts';
import { takeDiscounts } from './discounts.ts';
import { quoteUpgrade } from './previews.ts';
import { businessDiscountsOf, takenDiscountOf } from './promo-codes.ts';
import { withProviderChange } from './provider-changes.ts';
import { usageOf } from './subscription.ts';

const notUpgradable = (message: string) => new AppError(BILLING_ERRORS.notUpgradable, 409, message);

/**
 * `PUT /v2/businesses/{id}/subscriptions/upgrade` (admin; spec section 4 "preview, then
 * upgrade"): a business on a running paid plan moves to another plan, cycle or number of seats
 * with the card it has — what `upgrade/preview` showed: a new period from now, the unused days of
 * the old plan credited, the promo or referral code asked for taken, VAT of the billing address.
 * A cancelling plan runs on. 409 PLAN_NOT_UPGRADABLE without a running paid plan (a trial or a
 * cancelled plan buys one with `stripe_setup_intent`), 409 PLAN_UNCHANGED for the plan it has.
 */
export function upgradeSubscription(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  businessId: string,
  input: TSubscriptionUpgrade,
): Promise<TSubscriptionUsage> {
  const promoCode = input.promoCode?.toUpperCase() ?? null;
  const referralCode = input.referralCode ?? null;
  const fields = {
    plan: input.plan,
    cycle: input.cycle,
    currency: input.currency,
    seats: input.amountSeats,
    promoCode,
    referralCode,
  };
  return withProviderChange(
    ctx,
    businessId,
    'upgrade',
    'plan',
    fields,
    async ({ tx, business }, changeId) => {
      if (
        business.paymentMethod !== 'STRIPE' ||
        planState({ current: business.planName, next: business.nextPlanName }) === 'cancelled'
      ) {
        throw notUpgradable('No running paid plan: buy one with a card (stripe_setup_intent)');
      }
      // The provider's times are seconds; the plan's start is the new period's anchor.
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const { plan, current } = await quoteUpgrade(tx, ctx, business, input, now);
      if (!current) throw notUpgradable('No running paid plan to change');
      const seats = plan.perSeat ? input.amountSeats : business.seats;
      if (
        current.name === plan.name &&
        current.cycle === plan.cycle &&
        current.currency === plan.currency &&
        seats === business.seats
      ) {
        throw new AppError(BILLING_ERRORS.planUnchanged, 409, 'The business is on this plan');
      }
      await takeDiscounts(tx, {
        businessId: business.id,
        userId: ctx.principal.userId,
        plan,
        codes: { promoCode, referralCode },
        at: now,
      });
      const codes = [promoCode, referralCode].filter((c): c is string => !!c);
      const taken = (await businessDiscountsOf(tx, business.id))
        .filter((row) => codes.includes(row.code) && row.startedAt.getTime() === now.getTime())
        .map(takenDiscountOf);
      const provider = await paymentProviderOf(ctx.config);
      const sub = await provider?.changePlan(tx, {
        businessId: business.id,
        subscriptionId: business.providerSubscriptionId,
        price: plan,
        seats,
        startAt: now,
        vat: customerVat(ctx.config, business),
        discounts: taken,
        changeId,
      });
      if (!sub) throw notUpgradable('The provider has no subscription to change');
      const [row] = await tx
        .update(businesses)
        .set({
          planName: plan.name,
          planCycle: plan.cycle,
          planCurrency: plan.currency,
          planStartedAt: now,
          seats,
          nextPlanName: null,
          nextPlanStartsAt: null,
          planPeriodEndsAt: sub.periodEnd,
          // A provider's event from before this change never moves it back.
          subscriptionEventAt: now,
          subscriptionEventSeq: null,
          settings: {
            ...business.settings,
            signerGroups: {
              maxGroups: plan.maxSignerGroups,
              maxParticipants: plan.maxGroupParticipants,
            },
          },
        })
        .where(eq(businesses.id, business.id))
        .returning();
      if (!row) throw new Error('business vanished under its lock');
      return usageOf(tx, row);
    },
  );
}
