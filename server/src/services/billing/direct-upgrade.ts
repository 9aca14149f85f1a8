import { BILLING_ERRORS, type TBillingCycle } from '@signet/shared/billing/billing.constants';
import type { TPaymentEvent, TSetupIntent } from '@signet/shared/billing/billing.schema';
import { DIRECT_UPGRADE_USER, PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import { userPlanKind } from '@signet/shared/plan/plan.rules';
import type {
  TDirectSetupIntentRequest,
  TDirectUpgradeConfirm,
  TUserPlan,
} from '@signet/shared/plan/plan.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pricePlans } from '../../db/schema/price-plans.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { type PaymentProvider, paymentProviderOf } from '../../providers/payments/provider.ts';
import { siteLink } from '../auth/links.ts';
import type { ServiceContext } from '../context.ts';
import { customerVat } from './customer-vat.ts';
import {
  applyIndividualSubscriptionEvent,
  SUBSCRIPTION_EVENTS,
} from './individual-subscription.ts';
import { startProviderSubscription, toSecond } from './provider-subscription.ts';
import { getUserPlan, planFacts } from './user-plan.ts';

/** Where the card page returns to: the site's upgrade page, which confirms the upgrade. */
export const DIRECT_UPGRADE_RETURN_PATH = '/upgrade';

export { DIRECT_UPGRADE_USER };

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;
type TBillingConfig = Pick<Config, 'platform'>;

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
    returnUrl: siteLink(ctx.config, DIRECT_UPGRADE_RETURN_PATH),
  });
  return { id: intent.id, redirectUrl: intent.url };
}

/** The cycle a setup intent's metadata names (monthly when it names none we know). */
export function cycleOf(metadata: Record<string, string | undefined>): TBillingCycle {
  return metadata.cycle === 'yearly' ? 'yearly' : 'monthly';
}

/**
 * Starts the individual plan `plan` in `cycle` for `userId` from setup intent `intentId`, once:
 * the same intent again (the confirm call and the webhook, or a replay) changes nothing; answers
 * whether it started. A new plan has no end (a cancelled one bought again runs on) and no
 * provider subscription yet (`billedByProvider`: one is made for it — every purchase does; false
 * leaves a plan as those bought before the provider billed them), and an account on the legacy
 * free plan leaves it: when this plan ends it is on the new free plan (`free_migrated`), as the
 * fair-flat migration says.
 */
export async function startIndividualPlan(
  tx: DbOrTx,
  userId: string,
  plan: { name: string; cycle: TBillingCycle },
  intentId: string,
  at: Date,
  billedByProvider: boolean,
): Promise<boolean> {
  const started = await tx
    .update(users)
    .set({
      individualPlan: plan.name,
      individualPlanCycle: plan.cycle,
      individualPlanStartedAt: at,
      individualPlanEndsAt: null,
      individualSetupIntent: intentId,
      individualBilledByProvider: billedByProvider,
      individualSubscriptionId: null,
      individualSubscriptionStatus: null,
      individualPeriodEndsAt: null,
      individualSubscriptionEventAt: null,
      individualSubscriptionEventSeq: null,
      freeAccountType: sql`case when ${users.freeAccountType} = 'free_legacy' then 'free_migrated' else ${users.freeAccountType} end`,
      updatedAt: at,
    })
    .where(
      and(eq(users.id, userId), sql`${users.individualSetupIntent} is distinct from ${intentId}`),
    )
    .returning({ id: users.id });
  return started.length > 0;
}

/**
 * The direct upgrade's card was accepted (setup intent `intentId`, its `metadata`): the
 * individual plan starts, once, and with it its subscription at the provider — the sandbox's in
 * this transaction, its first invoice charged before the plan starts (its id kept on the user;
 * a card that does not pay it leaves the subscription `incomplete` and no plan: `incomplete`
 * is answered), Stripe's by the payment-subscription job (which keeps the id) on the individual
 * plan's price with an idempotency key per setup intent.
 */
async function beginIndividualPlan(
  tx: DbOrTx,
  provider: PaymentProvider,
  config: TBillingConfig,
  userId: string,
  intentId: string,
  metadata: Record<string, string>,
  at: Date,
): Promise<'started' | 'incomplete'> {
  const plan = { name: metadata.plan ?? '', cycle: cycleOf(metadata) };
  const start = {
    setupIntentId: intentId,
    metadata,
    discounts: [],
    startAt: at,
    vat: customerVat(config, null),
  };
  if (provider.startsSubscriptionIn === 'job') {
    if (await startIndividualPlan(tx, userId, plan, intentId, at, true)) {
      await startProviderSubscription(tx, provider, intentId, metadata, async () => start);
    }
    return 'started';
  }
  const [user] = await tx
    .select({ intent: users.individualSetupIntent })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (user?.intent === intentId) return 'started';
  // The same setup intent again answers the subscription it started, as it is now.
  const sub = await provider.startSubscription(start, tx);
  if (sub && sub.status !== 'active') return 'incomplete';
  await startIndividualPlan(tx, userId, plan, intentId, at, true);
  if (sub) {
    await tx.update(users).set({ individualSubscriptionId: sub.id }).where(eq(users.id, userId));
  }
  return 'started';
}

/**
 * `POST /v2/businesses/direct_upgrade/confirm`: back from the card page, asks the provider for
 * the caller's setup intent; when the card was accepted the individual plan starts (404
 * SETUP_INTENT_NOT_FOUND for an intent that is not the caller's, 409 SETUP_INTENT_NOT_SUCCEEDED
 * while it is not accepted, 402 FIRST_PAYMENT_FAILED when the card was saved but did not pay
 * the first invoice: no plan).
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
  // The plan's start is its subscription's billing cycle anchor: to the second, as the
  // provider's times are (the period ends Signet computes and the provider reports agree).
  const at = toSecond(new Date());
  const outcome = await ctx.db.transaction((tx) =>
    beginIndividualPlan(tx, provider, ctx.config, userId, intent.id, intent.metadata, at),
  );
  // Committed first: the provider keeps the incomplete subscription and its open invoice.
  if (outcome === 'incomplete') {
    throw new AppError(
      BILLING_ERRORS.firstPaymentFailed,
      402,
      'Your card was declined: the first payment failed and no plan started. Try another card.',
    );
  }
  return getUserPlan(ctx);
}

/**
 * The provider's webhook for a direct upgrade (metadata names the user): `setup_intent.succeeded`
 * starts the individual plan and its subscription, once; the subscription's events follow it
 * (`applyIndividualSubscriptionEvent`); other events change nothing (the card page shows a
 * decline).
 */
export async function applyDirectUpgradeEvent(
  tx: DbOrTx,
  event: TPaymentEvent,
  provider: PaymentProvider,
  config: TBillingConfig,
): Promise<void> {
  const meta = event.data.object.metadata ?? {};
  const userId = meta[DIRECT_UPGRADE_USER];
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return;
  const at = new Date(event.created * 1000);
  if (event.type === 'setup_intent.succeeded' && meta.plan) {
    await beginIndividualPlan(tx, provider, config, userId, event.data.object.id, meta, at);
    return;
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    await applyIndividualSubscriptionEvent(tx, userId, event);
  }
}
