import type { TPortalSession } from '@signet/shared/billing/billing.schema';
import { PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { openCustomerPortal } from './customer-portal.ts';
import { DIRECT_UPGRADE_RETURN_PATH } from './direct-upgrade.ts';

/**
 * `POST /v2/businesses/direct_upgrade/portal_session`: the provider's customer portal for the
 * caller as the individual plan's customer (the sandbox's page, or Stripe's billing portal
 * session for the subscription's customer) — where the card is replaced when a payment failed (a
 * new card pays the open invoice at once) and the invoices are; it returns to `/upgrade`. Any
 * caller whose individual plan was billed by the provider has one, also after it ended (the
 * invoices stay); 409 PLAN_NOT_BILLED otherwise.
 */
export async function individualPortalSession(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
): Promise<TPortalSession> {
  const userId = ctx.principal.userId;
  const [user] = await ctx.db
    .select({ subscriptionId: users.individualSubscriptionId })
    .from(users)
    .where(eq(users.id, userId));
  if (ctx.config.paymentProvider !== 'none' && !user?.subscriptionId) {
    throw new AppError(
      PLAN_ERRORS.notBilled,
      409,
      'No individual plan of yours is billed by the payment provider',
    );
  }
  return openCustomerPortal(ctx.config, {
    owner: { userId },
    subscriptionId: user?.subscriptionId ?? null,
    returnPath: DIRECT_UPGRADE_RETURN_PATH,
  });
}
