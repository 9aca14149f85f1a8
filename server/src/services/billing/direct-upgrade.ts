import { BILLING_ERRORS, type TBillingCycle } from '@signet/shared/billing/billing.constants';
import type { TPaymentEvent, TSetupIntent } from '@signet/shared/billing/billing.schema';
import { PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import { userPlanKind } from '@signet/shared/plan/plan.rules';
import type {
  TDirectSetupIntentRequest,
  TDirectUpgradeConfirm,
  TUserPlan,
} from '@signet/shared/plan/plan.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pricePlans } from '../../db/schema/price-plans.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { type PaymentProvider, paymentProviderOf } from '../../providers/payments/provider.ts';
import { siteLink } from '../auth/links.ts';
import type { ServiceContext } from '../context.ts';
import { getUserPlan, planFacts } from './user-plan.ts';

/** Where the card page returns to: the site's upgrade page, which confirms the upgrade. */
const RETURN_PATH = '/upgrade';

/** The metadata key that marks a setup intent as an individual's direct upgrade. */
export const DIRECT_UPGRADE_USER = 'directUpgradeUserId';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

/** The configured payment provider, or 503 PAYMENTS_UNAVAILABLE without one. */
async function providerOf(ctx: Ctx): Promise<PaymentProvider> {
  const provider = paymentProviderOf(ctx.config);
  if (!provider) {
    throw new AppError(BILLING_ERRORS.noPayments, 503, 'No payment provider is configured');
  }
  return provider;
}

/**
 * `POST /v2/businesses/direct_upgrade/stripe_setup_intent`: a setup intent at the provider for
 * the individual plan in the chosen cycle and currency, and the provider's card page. The plan
 * starts when the card is accepted (the confirm call on return, or the provider's webhook).
 */
export async function createDirectSetupIntent(
  ctx: Ctx,
  input: TDirectSetupIntentRequest,
): Promise<TSetupIntent> {
  const provider = await providerOf(ctx);
  const userId = ctx.principal.userId;
  if (userPlanKind(await planFacts(ctx.db, userId)) !== 'free') {
    throw new AppError(
      PLAN_ERRORS.alreadyPaid,
      409,
      'You already have the individual plan or a business seat.',
    );
  }
  const [plan] = await ctx.db
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.name, input.plan),
        eq(pricePlans.tier, 'individual'),
        eq(pricePlans.cycle, input.cycle),
        eq(pricePlans.currency, input.currency),
      ),
    );
  if (!plan) {
    throw new AppError('PLAN_UNKNOWN', 422, 'No such individual plan in this cycle and currency');
  }
  const [user] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const intent = await provider.createSetupIntent(ctx.db, {
    currency: plan.currency,
    email: user?.email ?? '',
    metadata: {
      [DIRECT_UPGRADE_USER]: userId,
      plan: plan.name,
      cycle: plan.cycle,
      currency: plan.currency,
    },
    returnUrl: siteLink(ctx.config, RETURN_PATH),
  });
  return { id: intent.id, redirectUrl: intent.url };
}

/** The cycle a setup intent's metadata names (monthly when it names none we know). */
export function cycleOf(metadata: Record<string, string | undefined>): TBillingCycle {
  return metadata.cycle === 'yearly' ? 'yearly' : 'monthly';
}

/**
 * Starts the individual plan `plan` in `cycle` for `userId` from setup intent `intentId`, once:
 * the same intent again (the confirm call and the webhook, or a replay) changes nothing. A new
 * plan has no end (a cancelled one bought again runs on), and an account on the legacy free plan
 * leaves it: when this plan ends it is on the new free plan (`free_migrated`), as the fair-flat
 * migration says.
 */
export async function startIndividualPlan(
  tx: DbOrTx,
  userId: string,
  plan: { name: string; cycle: TBillingCycle },
  intentId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      individualPlan: plan.name,
      individualPlanCycle: plan.cycle,
      individualPlanStartedAt: at,
      individualPlanEndsAt: null,
      individualSetupIntent: intentId,
      freeAccountType: sql`case when ${users.freeAccountType} = 'free_legacy' then 'free_migrated' else ${users.freeAccountType} end`,
      updatedAt: at,
    })
    .where(
      and(eq(users.id, userId), sql`${users.individualSetupIntent} is distinct from ${intentId}`),
    );
}

/**
 * `POST /v2/businesses/direct_upgrade/confirm`: back from the card page, asks the provider for
 * the caller's setup intent; when the card was accepted the individual plan starts (404
 * SETUP_INTENT_NOT_FOUND for an intent that is not the caller's, 409 SETUP_INTENT_NOT_SUCCEEDED
 * while it is not accepted).
 */
export async function confirmDirectUpgrade(
  ctx: Ctx,
  input: TDirectUpgradeConfirm,
): Promise<TUserPlan> {
  const provider = await providerOf(ctx);
  const userId = ctx.principal.userId;
  const intent = await provider.getSetupIntent(ctx.db, input.setupIntentId);
  if (!intent || intent.metadata[DIRECT_UPGRADE_USER] !== userId || !intent.metadata.plan) {
    throw new AppError('SETUP_INTENT_NOT_FOUND', 404, 'No such setup intent');
  }
  if (!intent.succeeded) {
    throw new AppError(PLAN_ERRORS.setupNotSucceeded, 409, 'The card has not been accepted.', {
      status: intent.status,
    });
  }
  await startIndividualPlan(
    ctx.db,
    userId,
    { name: intent.metadata.plan, cycle: cycleOf(intent.metadata) },
    intent.id,
    new Date(),
  );
  return getUserPlan(ctx);
}

/**
 * The provider's webhook for a direct upgrade (metadata names the user): `setup_intent.succeeded`
 * starts the individual plan, once; other events change nothing (the card page shows a decline).
 */
export async function applyDirectUpgradeEvent(tx: DbOrTx, event: TPaymentEvent): Promise<void> {
  const meta = event.data.object.metadata ?? {};
  const userId = meta[DIRECT_UPGRADE_USER];
  if (event.type !== 'setup_intent.succeeded' || !meta.plan) return;
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return;
  await startIndividualPlan(
    tx,
    userId,
    { name: meta.plan, cycle: cycleOf(meta) },
    event.data.object.id,
    new Date(event.created * 1000),
  );
}
