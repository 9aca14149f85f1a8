import { BILLING_ERRORS } from '@signet/shared/billing/billing.constants';
import { PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import { freeMigrationDue, individualPlanState } from '@signet/shared/plan/plan.rules';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { paymentProviderOf } from '../../providers/payments/provider.ts';
import type { ServiceContext } from '../context.ts';
import { toSecond } from './provider-subscription.ts';
import { getUserPlan, individualPeriodEnd, planFacts } from './user-plan.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal'>;
type CtxWithConfig = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

/**
 * Cancels the caller's individual plan at the end of its current period, or (`cancel` false)
 * revokes that, under the user row's lock (spec section 4, as a business's plan: 'cancelling'
 * until then, revocable; 'cancelled' from then on, and the user is on the free plan again).
 * A plan the provider bills is changed there first (`setCancelAtPeriodEnd`, in this transaction:
 * a refusal, 502, changes nothing), and Signet records the period's end it answers; its webhook
 * reports the same state, which also repairs a commit that failed after the provider took it.
 * A plan bought before the provider billed it is Signet's record only, as it always was.
 */
async function setIndividualPlanEnd(ctx: CtxWithConfig, cancel: boolean): Promise<TUserPlan> {
  const now = new Date();
  const userId = ctx.principal.userId;
  await ctx.db.transaction(async (tx) => {
    const { individual } = await planFacts(tx, userId, true, now);
    const state = individualPlanState(individual, now);
    let endsAt: Date | null = null;
    if (cancel) {
      if (state !== 'active' || !individual.startedAt) {
        throw new AppError(
          BILLING_ERRORS.notCancellable,
          409,
          'No running individual plan to cancel',
        );
      }
      endsAt = individualPeriodEnd(individual, now);
    } else if (state !== 'cancelling') {
      throw new AppError(
        BILLING_ERRORS.notCancelling,
        409,
        'The individual plan is not cancelling',
      );
    }
    let provided = {};
    if (individual.billedByProvider) {
      const provider = await paymentProviderOf(ctx.config);
      // Stripe's subscription is made by a job: until it is kept, there is nothing to change.
      const sub = individual.subscriptionId
        ? await provider?.setCancelAtPeriodEnd(tx, {
            owner: { userId },
            subscriptionId: individual.subscriptionId,
            cancel,
            at: now,
          })
        : undefined;
      if (!sub) {
        throw new AppError(
          cancel ? BILLING_ERRORS.notCancellable : BILLING_ERRORS.notCancelling,
          409,
          'The payment provider has no running subscription of this plan yet',
        );
      }
      endsAt = cancel ? sub.periodEnd : null;
      provided = {
        individualPeriodEndsAt: sub.periodEnd,
        individualSubscriptionStatus: sub.status,
        individualSubscriptionEventAt: toSecond(now),
        individualSubscriptionEventSeq: null,
      };
    }
    await tx
      .update(users)
      .set({ individualPlanEndsAt: endsAt, ...provided, updatedAt: now })
      .where(eq(users.id, userId));
  });
  return getUserPlan(ctx, now);
}

/**
 * `POST /v2/businesses/direct_upgrade/cancel`: the free plan downgrade. The individual plan runs
 * to the end of its current period. 409 PLAN_NOT_CANCELLABLE without a running, not cancelling
 * individual plan.
 */
export function cancelIndividualPlan(ctx: CtxWithConfig): Promise<TUserPlan> {
  return setIndividualPlanEnd(ctx, true);
}

/**
 * `POST /v2/businesses/direct_upgrade/revoke_cancel`: a cancelling individual plan runs on. 409
 * PLAN_NOT_CANCELLING when it is not cancelling (an ended plan is bought again).
 */
export function revokeIndividualPlanCancel(ctx: CtxWithConfig): Promise<TUserPlan> {
  return setIndividualPlanEnd(ctx, false);
}

/**
 * `POST /v1/user/plan/free_migration`: an account on the legacy free plan without a paid plan
 * moves to the new free plan (`free_migrated`: no upload, the free quota as before). 409
 * PLAN_NOT_LEGACY for any other account (also one with a paid plan: it is no longer on the
 * legacy plan's terms).
 */
export async function migrateToFreePlan(ctx: Ctx): Promise<TUserPlan> {
  const now = new Date();
  const userId = ctx.principal.userId;
  await ctx.db.transaction(async (tx) => {
    if (!freeMigrationDue(await planFacts(tx, userId, true, now))) {
      throw new AppError(PLAN_ERRORS.notLegacy, 409, 'The account is not on the legacy free plan');
    }
    await tx
      .update(users)
      .set({ freeAccountType: 'free_migrated', updatedAt: now })
      .where(eq(users.id, userId));
  });
  return getUserPlan(ctx, now);
}
