import { PLAN_NAMES, TRIAL } from '@signet/shared/billing/billing.constants';
import { trialEnd } from '@signet/shared/billing/billing.rules';
import type { TBusiness, TCreateBusiness } from '@signet/shared/business/business.schema';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { toBusinessDto } from './business-dto.ts';

const alreadyInBusiness = () =>
  new AppError('ALREADY_IN_BUSINESS', 409, 'You already belong to a business');

/**
 * `POST /v2/businesses`: a new business with the caller as its first admin, trialing for
 * `TRIAL_DAYS` with the trial's seats; its settings get the installation's signer-group limits
 * (SIGNER_GROUP_LIMITS) when they allow any, until a plan starts and sets its own (the plan rows'
 * limits).
 */
export async function createBusiness(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  input: TCreateBusiness,
): Promise<TBusiness> {
  const { userId } = ctx.principal;
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const [business] = await tx
        .insert(businesses)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          createdAt: now,
          paymentMethod: 'TRIALING',
          planName: PLAN_NAMES.trial,
          planStartedAt: now,
          trialEndsAt: trialEnd(now, ctx.config.trialDays),
          seats: TRIAL.seats,
          ...(ctx.config.signerGroupLimits.maxGroups > 0
            ? { settings: { signerGroups: ctx.config.signerGroupLimits } }
            : {}),
        })
        .returning();
      if (!business) throw new Error('business insert returned no row');
      const [member] = await tx
        .insert(businessMembers)
        .values({ businessId: business.id, userId, role: 'admin', createdAt: now })
        .onConflictDoNothing({ target: businessMembers.userId })
        .returning();
      if (!member) throw alreadyInBusiness();
      return toBusinessDto(tx, business, ctx.principal.userId);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyInBusiness();
    throw e;
  }
}
