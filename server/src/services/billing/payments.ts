import {
  BILLING_CYCLES,
  BILLING_ERRORS,
  CURRENCIES,
  PLAN_NAMES,
} from '@signet/shared/billing/billing.constants';
import {
  isNewerEvent,
  planOfLookupKey,
  subscriptionEnding,
} from '@signet/shared/billing/billing.rules';
import {
  type TPaymentEvent,
  type TSetupIntent,
  type TSetupIntentRequest,
  type TWebhookAnswer,
  ZPaymentEventSchema,
} from '@signet/shared/billing/billing.schema';
import { DIRECT_UPGRADE_USER } from '@signet/shared/plan/plan.constants';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { businesses, type TBusinessRow } from '../../db/schema/businesses.ts';
import { paymentEvents } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import {
  type PaymentProvider,
  paymentProviderOf,
  type TSubscriptionStart,
} from '../../providers/payments/provider.ts';
import { siteLink } from '../auth/links.ts';
import { changeBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { customerVat } from './customer-vat.ts';
import { applyDirectUpgradeEvent } from './direct-upgrade.ts';
import { discountsToTake, requestedDiscounts, takeDiscounts } from './discounts.ts';
import { eventOrder, lastApplied } from './event-order.ts';
import { findPricePlan } from './price-plans.ts';
import { businessDiscountsOf, takenDiscountOf } from './promo-codes.ts';
import { PAYMENT_SUBSCRIPTION_JOB, startProviderSubscription } from './provider-subscription.ts';
import { assertSeatsCoverUse } from './subscription.ts';

/**
 * Where the card page returns to: the console's upgrade page, open while the business is locked
 * (it is until the provider's webhook arrives); it waits for the plan, then shows the plan page.
 */
const RETURN_PATH = '/business/upgrade';

/**
 * `POST /v2/businesses/{id}/subscriptions/stripe_setup_intent` (admin; open while locked): a
 * setup intent at the provider for the chosen plan, cycle, currency and seats (at least those in
 * use), and the provider's card page to send the browser to. The plan starts when the provider
 * reports the card (webhook `setup_intent.succeeded`).
 */
export function createSetupIntent(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  businessId: string,
  input: TSetupIntentRequest,
): Promise<TSetupIntent> {
  const providerP = paymentProviderOf(ctx.config);
  if (!providerP) {
    throw new AppError(BILLING_ERRORS.noPayments, 503, 'No payment provider is configured');
  }
  return changeBusiness(
    ctx,
    businessId,
    'admin',
    async ({ tx, business, actor }) => {
      const provider = await providerP;
      const plan = await findPricePlan(tx, {
        name: input.plan,
        cycle: input.cycle,
        currency: input.currency,
      });
      const used = await assertSeatsCoverUse(tx, business.id, input.seats);
      // Promo and referral codes are checked now (4xx before any card is asked for) and taken
      // when the plan starts.
      await requestedDiscounts(tx, ctx.principal.userId, input, plan, business.id);
      if (business.paymentMethod !== 'STRIPE' && business.subscriptionStatus === 'incomplete') {
        // A new card is tried: the failed first payment of an earlier one is no longer the news
        // (the page that waits for this card's outcome reads the status).
        await tx
          .update(businesses)
          .set({ subscriptionStatus: null })
          .where(eq(businesses.id, business.id));
      }
      const intent = await provider.createSetupIntent(tx, {
        currency: plan.currency,
        email: actor.email,
        metadata: {
          businessId: business.id,
          userId: ctx.principal.userId,
          plan: plan.name,
          cycle: plan.cycle,
          currency: plan.currency,
          seats: String(plan.perSeat ? input.seats : Math.max(used, 1)),
          ...(input.promoCode ? { promoCode: input.promoCode.toUpperCase() } : {}),
          ...(input.referralCode ? { referralCode: input.referralCode } : {}),
        },
        returnUrl: siteLink(ctx.config, RETURN_PATH),
      });
      return { id: intent.id, redirectUrl: intent.url };
    },
    'upgrade',
  );
}

export { PAYMENT_SUBSCRIPTION_JOB };

const invalid = () =>
  new AppError(BILLING_ERRORS.webhookInvalid, 400, 'The webhook signature does not hold');

/**
 * `POST /v2/payments/stripe/webhook`: an event of the payment provider, verified by its
 * signature (400 otherwise, nothing changed) and applied once: a replay answers
 * `duplicate: true` and changes nothing; a subscription event older than the last one applied to
 * the business is recorded but does not move the subscription back.
 */
export async function receivePaymentWebhook(
  deps: {
    db: Db;
    config: Pick<Config, 'secret' | 'paymentProvider' | 'publicUrl' | 'stripe' | 'platform'>;
  },
  body: string,
  signature: string | undefined,
): Promise<TWebhookAnswer> {
  const providerP = paymentProviderOf(deps.config);
  if (!providerP) throw invalid();
  const provider = await providerP;
  const json = provider.parseWebhook(body, signature);
  if (json === null || json === undefined) throw invalid();
  const parsed = ZPaymentEventSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 400, 'Not a payment event');
  }
  const event = parsed.data;
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { received: true, duplicate: true };
    await applyEvent(tx, event, provider, deps.config);
    return { received: true, duplicate: false };
  });
}

/** The plan a setup intent's metadata names, when it names a cycle and currency we sell. */
function planOfMetadata(meta: Record<string, string>) {
  const cycle = BILLING_CYCLES.find((c) => c === meta.cycle);
  const currency = CURRENCIES.find((c) => c === meta.currency);
  return meta.plan && cycle && currency ? { name: meta.plan, cycle, currency } : null;
}

/**
 * What a subscription event says of the plan's period: its end, and — when the event says
 * whether the subscription ends (`subscriptionEnding`) — whether the next plan is CANCELED from
 * then on (spec section 4).
 */
export function subscriptionPeriod(object: TPaymentEvent['data']['object']) {
  const end = object.current_period_end ? new Date(object.current_period_end * 1000) : undefined;
  const ending = subscriptionEnding(object);
  return {
    ...(end ? { planPeriodEndsAt: end } : {}),
    ...(ending
      ? {
          nextPlanName: ending.ending ? PLAN_NAMES.canceled : null,
          nextPlanStartsAt: ending.ending ? ending.at : null,
        }
      : {}),
  };
}

/**
 * The plan and seats a subscription event says the provider holds (its item's price by lookup
 * key, a plan Signet sells, and its quantity), as the business's columns; only what it carries.
 */
async function heldPlanOf(tx: Tx, object: TPaymentEvent['data']['object'], business: TBusinessRow) {
  const named = object.price_lookup_key ? planOfLookupKey(object.price_lookup_key) : null;
  const row = named ? await findPricePlan(tx, named).catch(() => null) : null;
  return {
    ...(object.quantity ? { seats: object.quantity } : {}),
    ...(row
      ? {
          planName: row.name,
          planCycle: row.cycle,
          planCurrency: row.currency,
          ...(row.name !== business.planName ? { settings: planSettings(business, row) } : {}),
        }
      : {}),
  };
}

/** The business's settings with the signer-group limits of plan `row` (they come with a plan). */
function planSettings(
  business: TBusinessRow,
  row: { maxSignerGroups: number; maxGroupParticipants: number },
) {
  return {
    ...business.settings,
    signerGroups: { maxGroups: row.maxSignerGroups, maxParticipants: row.maxGroupParticipants },
  };
}

/**
 * What a provider's subscription for a setup intent is made of: the plan's start as recorded, the
 * discounts the business took with it (with when each is used up) and the VAT of its billing
 * address — what the previews priced.
 */
async function subscriptionStartOf(
  db: DbOrTx,
  config: Pick<Config, 'platform'>,
  setupIntentId: string,
  metadata: Record<string, string>,
): Promise<TSubscriptionStart> {
  const [business] = metadata.businessId
    ? await db.select().from(businesses).where(eq(businesses.id, metadata.businessId))
    : [];
  const codes = [metadata.promoCode, metadata.referralCode].filter((c): c is string => !!c);
  const taken = business ? await businessDiscountsOf(db, business.id) : [];
  return {
    setupIntentId,
    metadata,
    discounts: taken.filter((row) => codes.includes(row.code)).map(takenDiscountOf),
    startAt: business?.planStartedAt ?? new Date(),
    vat: customerVat(config, business ?? null),
  };
}

async function applyEvent(
  tx: Tx,
  event: TPaymentEvent,
  provider: PaymentProvider,
  config: Pick<Config, 'platform'>,
): Promise<void> {
  const meta = event.data.object.metadata ?? {};
  if (meta[DIRECT_UPGRADE_USER]) return applyDirectUpgradeEvent(tx, event, provider, config);
  const businessId = meta.businessId;
  if (!businessId || !/^[0-9a-f-]{36}$/i.test(businessId)) return;
  const [business] = await tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  if (!business) return;
  const at = new Date(event.created * 1000);
  const newer = isNewerEvent(
    eventOrder(event),
    lastApplied({
      at: business.subscriptionEventAt,
      sequence: business.subscriptionEventSeq,
      status: business.subscriptionStatus,
      periodEndsAt: business.planPeriodEndsAt,
    }),
  );
  // Recorded with every subscription event applied: where the next one must come after.
  const seen = { subscriptionEventAt: at, subscriptionEventSeq: event.sequence ?? null };
  switch (event.type) {
    case 'setup_intent.succeeded': {
      // The card is there: the chosen plan starts now, the trial and any lock end, and the
      // discounts asked for are taken.
      const plan = planOfMetadata(meta);
      const row = plan ? await findPricePlan(tx, plan).catch(() => null) : null;
      const intentId = event.data.object.id;
      const codes = { promoCode: meta.promoCode ?? null, referralCode: meta.referralCode ?? null };
      // The sandbox's subscription starts here, its first invoice charged before the plan starts:
      // a card that does not pay it leaves the subscription `incomplete` and the business as it
      // was (no plan, no discount taken; the subscription's events record the status). A provider
      // over the network's starts by a job once the plan has started (below).
      let started: string | null = null;
      if (provider.startsSubscriptionIn === 'webhook') {
        const discounts =
          plan && meta.userId
            ? await discountsToTake(tx, { businessId, userId: meta.userId, plan, codes, at })
            : [];
        const sub = await provider.startSubscription(
          {
            setupIntentId: intentId,
            metadata: meta,
            discounts,
            startAt: at,
            vat: customerVat(config, business),
          },
          tx,
        );
        if (sub && sub.status !== 'active') return;
        started = sub?.id ?? null;
      }
      await tx
        .update(businesses)
        .set({
          // The plan's signer-group limits replace those of the trial (the configuration's).
          ...(row ? { settings: planSettings(business, row) } : {}),
          paymentMethod: 'STRIPE',
          planName: meta.plan ?? business.planName,
          planStartedAt: at,
          ...(plan ? { planCycle: plan.cycle, planCurrency: plan.currency } : {}),
          trialEndsAt: null,
          nextPlanName: null,
          nextPlanStartsAt: null,
          // The seats paid for (the setup intent's, at least those in use when it was made):
          // the provider bills these, so the business has these, not the trial's.
          seats: Number(meta.seats) || business.seats,
          // The plan's subscription: its events alone may end the plan (an incomplete one of a
          // later card does not).
          ...(started ? { providerSubscriptionId: started } : {}),
          ...(started
            ? {
                subscriptionStatus: 'active' as const,
                subscriptionEventAt: at,
                subscriptionEventSeq: null,
              }
            : {}),
        })
        .where(eq(businesses.id, businessId));
      if (plan && meta.userId) {
        await takeDiscounts(tx, { businessId, userId: meta.userId, plan, codes, at });
      }
      if (provider.startsSubscriptionIn === 'job') {
        await startProviderSubscription(tx, provider, intentId, meta, () =>
          subscriptionStartOf(tx, config, intentId, meta),
        );
      }
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.created': {
      const object = event.data.object;
      const status = object.status;
      if (!newer || !status || status === 'succeeded' || status === 'failed') return;
      if (status === 'incomplete' || status === 'incomplete_expired') {
        const ofPlan = business.providerSubscriptionId === object.id;
        // The plan's own subscription never paid its first invoice (Stripe's: the plan started
        // with the card, its subscription after): the plan ends as when it is deleted.
        if (ofPlan && status === 'incomplete_expired') return endPlan(tx, business, seen, status);
        // A card whose first payment failed: the business's record says so (spec section 4:
        // `incomplete` is a payment issue, `incomplete_expired` is not), unless a paid plan runs,
        // whose own status stands.
        if (ofPlan || business.paymentMethod !== 'STRIPE') {
          await tx
            .update(businesses)
            .set({ subscriptionStatus: status, ...seen })
            .where(eq(businesses.id, businessId));
        }
        return;
      }
      // Signet converges to what the provider holds: its status, period, end, plan and seats
      // (a change made at the provider, or one whose commit failed here, shows).
      await tx
        .update(businesses)
        .set({
          subscriptionStatus: status,
          ...seen,
          ...subscriptionPeriod(object),
          ...(status === 'canceled' ? {} : await heldPlanOf(tx, object, business)),
        })
        .where(eq(businesses.id, businessId));
      return;
    }
    case 'customer.subscription.deleted':
      if (!newer) return;
      return endPlan(tx, business, seen);
    default:
      // setup_intent.setup_failed and others: recorded; the browser shows the card page's error.
      return;
  }
}

/**
 * The plan's subscription ended (spec section 4: the period of a cancelling plan ended, the
 * provider gave up on payment, or its first invoice was never paid): the plan is cancelled, and
 * with no free business plan to fall back to, the business needs a payment method again.
 */
async function endPlan(
  tx: Tx,
  business: TBusinessRow,
  seen: { subscriptionEventAt: Date; subscriptionEventSeq: number | null },
  status: 'canceled' | 'incomplete_expired' = 'canceled',
): Promise<void> {
  await tx
    .update(businesses)
    .set({
      subscriptionStatus: status,
      ...seen,
      planName: PLAN_NAMES.canceled,
      planStartedAt: seen.subscriptionEventAt,
      nextPlanName: null,
      nextPlanStartsAt: null,
      planPeriodEndsAt: null,
      paymentMethod:
        business.paymentMethod === 'STRIPE' ? 'NEEDS_PAYMENT_METHOD' : business.paymentMethod,
    })
    .where(eq(businesses.id, business.id));
}

/**
 * The job that starts a provider's subscription for a setup intent that succeeded (Stripe), with
 * the discounts the business took with the plan; a failure is retried with the worker's backoff.
 */
export function paymentSubscriptionHandler(deps: {
  db: Db;
  config: Pick<Config, 'secret' | 'paymentProvider' | 'publicUrl' | 'stripe' | 'platform'>;
}): Record<string, JobHandler> {
  return {
    [PAYMENT_SUBSCRIPTION_JOB]: async (job) => {
      const { setupIntentId, metadata } = job.payload as {
        setupIntentId: string;
        metadata: Record<string, string>;
      };
      const provider = await paymentProviderOf(deps.config);
      if (provider?.startsSubscriptionIn !== 'job') {
        return { status: 'delivered', result: { skipped: true } };
      }
      const started = await provider.startSubscription(
        await subscriptionStartOf(deps.db, deps.config, setupIntentId, metadata),
        deps.db,
      );
      // Kept to change it later (seats, plan, cancel); the business or the direct upgrade's user
      // is named by the setup intent (a user's only while that intent's plan is theirs).
      const businessId = metadata.businessId;
      const userId = metadata[DIRECT_UPGRADE_USER];
      if (started && businessId && /^[0-9a-f-]{36}$/i.test(businessId)) {
        await deps.db
          .update(businesses)
          .set({ providerSubscriptionId: started.id })
          .where(eq(businesses.id, businessId));
      } else if (started && userId && /^[0-9a-f-]{36}$/i.test(userId)) {
        await deps.db
          .update(users)
          .set({ individualSubscriptionId: started.id })
          .where(and(eq(users.id, userId), eq(users.individualSetupIntent, setupIntentId)));
      }
      return { status: 'delivered', result: { setupIntentId } };
    },
  };
}
