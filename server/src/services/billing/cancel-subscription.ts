import { BILLING_ERRORS, PLAN_NAMES } from '@signet/shared/billing/billing.constants';
import { isCancellable, planState } from '@signet/shared/billing/billing.rules';
import type { TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { paymentProviderOf } from '../../providers/payments/provider.ts';
import { changeBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { usageOf } from './subscription.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

/**
 * Tells the provider whether the subscription ends at its period's end and writes what it
 * answers (the plan's next plan, the period's end, its status) at once, so the console shows the
 * change without waiting for the webhook that reports it too (that one applies the same state).
 * The event time is kept to the second, as the provider's events are. The provider is called in
 * the change's transaction: its refusal (502 PAYMENT_PROVIDER_FAILED) leaves nothing changed; a
 * commit that fails after the provider took the change is repaired by its webhook, and asking
 * again sets the same state (Stripe's call is idempotent).
 */
function setCancelAtPeriodEnd(ctx: Ctx, businessId: string, cancel: boolean) {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business }) => {
    const plan = { current: business.planName, next: business.nextPlanName };
    if (cancel && !isCancellable({ ...plan, paymentMethod: business.paymentMethod })) {
      throw new AppError(
        BILLING_ERRORS.notCancellable,
        409,
        'No running paid plan to cancel (a trial is cancelled with cancel-trial)',
      );
    }
    if (!cancel && planState(plan) !== 'cancelling') {
      throw new AppError(BILLING_ERRORS.notCancelling, 409, 'The plan is not cancelling');
    }
    const now = new Date();
    const provider = await paymentProviderOf(ctx.config);
    const sub = await provider?.setCancelAtPeriodEnd(tx, {
      owner: { businessId: business.id },
      subscriptionId: business.providerSubscriptionId,
      cancel,
      at: now,
    });
    if (!sub) {
      throw new AppError(BILLING_ERRORS.notCancellable, 409, 'The provider has no subscription');
    }
    const [row] = await tx
      .update(businesses)
      .set({
        nextPlanName: cancel ? PLAN_NAMES.canceled : null,
        nextPlanStartsAt: cancel ? sub.periodEnd : null,
        planPeriodEndsAt: sub.periodEnd,
        subscriptionStatus: sub.status,
        subscriptionEventAt: new Date(Math.floor(now.getTime() / 1000) * 1000),
        subscriptionEventSeq: null,
      })
      .where(eq(businesses.id, business.id))
      .returning();
    if (!row) throw new Error('business vanished under its lock');
    return usageOf(tx, row);
  });
}

/**
 * `POST /v2/businesses/{id}/subscriptions/cancel` (admin): the paid plan ends with its period —
 * 'cancelling' until then, revocable (spec section 4). 409 PLAN_NOT_CANCELLABLE otherwise.
 */
export function cancelSubscription(ctx: Ctx, businessId: string): Promise<TSubscriptionUsage> {
  return setCancelAtPeriodEnd(ctx, businessId, true);
}

/**
 * `POST /v2/businesses/{id}/subscriptions/revoke_cancel` (admin): a cancelling plan runs on.
 * 409 PLAN_NOT_CANCELLING when it is not cancelling.
 */
export function revokeSubscriptionCancel(
  ctx: Ctx,
  businessId: string,
): Promise<TSubscriptionUsage> {
  return setCancelAtPeriodEnd(ctx, businessId, false);
}
