import { BILLING_ERRORS } from '@signet/shared/billing/billing.constants';
import {
  type TPaymentEvent,
  type TSetupIntent,
  type TSetupIntentRequest,
  type TWebhookAnswer,
  ZPaymentEventSchema,
} from '@signet/shared/billing/billing.schema';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { paymentEvents } from '../../db/schema/payments.ts';
import { pricePlans } from '../../db/schema/price-plans.ts';
import { AppError } from '../../errors.ts';
import { createSandboxSetupIntent } from '../../providers/payments/sandbox.ts';
import { sandboxWebhookSecret, verifyWebhook } from '../../providers/payments/signature.ts';
import { siteLink } from '../auth/links.ts';
import { changeBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { applyDirectUpgradeEvent, DIRECT_UPGRADE_USER } from './direct-upgrade.ts';
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
  if (ctx.config.paymentProvider === 'none') {
    throw new AppError(BILLING_ERRORS.noPayments, 503, 'No payment provider is configured');
  }
  return changeBusiness(
    ctx,
    businessId,
    'admin',
    async ({ tx, business }) => {
      const [plan] = await tx
        .select()
        .from(pricePlans)
        .where(
          and(
            eq(pricePlans.name, input.plan),
            eq(pricePlans.cycle, input.cycle),
            eq(pricePlans.currency, input.currency),
          ),
        );
      if (!plan) throw new AppError('PLAN_UNKNOWN', 422, 'No such plan in this cycle and currency');
      const used = await assertSeatsCoverUse(tx, business.id, input.seats);
      const intent = await createSandboxSetupIntent(tx, ctx.config, {
        metadata: {
          businessId: business.id,
          plan: plan.name,
          cycle: plan.cycle,
          currency: plan.currency,
          seats: String(plan.perSeat ? input.seats : Math.max(used, 1)),
        },
        returnUrl: siteLink(ctx.config, RETURN_PATH),
      });
      return { id: intent.id, redirectUrl: intent.url };
    },
    'upgrade',
  );
}

const invalid = () =>
  new AppError(BILLING_ERRORS.webhookInvalid, 400, 'The webhook signature does not hold');

/**
 * `POST /v2/payments/stripe/webhook`: an event of the payment provider, verified by its
 * signature (400 otherwise, nothing changed) and applied once: a replay answers
 * `duplicate: true` and changes nothing; a subscription event older than the last one applied to
 * the business is recorded but does not move the subscription back.
 */
export async function receivePaymentWebhook(
  deps: { db: Db; config: Pick<Config, 'secret'> },
  body: string,
  signature: string | undefined,
): Promise<TWebhookAnswer> {
  if (!verifyWebhook(sandboxWebhookSecret(deps.config.secret), body, signature)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw invalid();
  }
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
    await applyEvent(tx, event);
    return { received: true, duplicate: false };
  });
}

async function applyEvent(tx: Tx, event: TPaymentEvent): Promise<void> {
  const meta = event.data.object.metadata ?? {};
  if (meta[DIRECT_UPGRADE_USER]) return applyDirectUpgradeEvent(tx, event);
  const businessId = meta.businessId;
  if (!businessId || !/^[0-9a-f-]{36}$/i.test(businessId)) return;
  const [business] = await tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  if (!business) return;
  const at = new Date(event.created * 1000);
  const newer = !business.subscriptionEventAt || at >= business.subscriptionEventAt;
  switch (event.type) {
    case 'setup_intent.succeeded': {
      // The card is there: the chosen plan starts now, the trial and any lock end.
      await tx
        .update(businesses)
        .set({
          paymentMethod: 'STRIPE',
          planName: meta.plan ?? business.planName,
          planStartedAt: at,
          trialEndsAt: null,
          seats: Math.max(business.seats, Number(meta.seats) || 1),
        })
        .where(eq(businesses.id, businessId));
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.created':
    case 'customer.subscription.deleted': {
      const status = event.data.object.status;
      if (!newer || !status || status === 'succeeded' || status === 'failed') return;
      await tx
        .update(businesses)
        .set({ subscriptionStatus: status, subscriptionEventAt: at })
        .where(eq(businesses.id, businessId));
      return;
    }
    default:
      // setup_intent.setup_failed and others: recorded; the browser shows the card page's error.
      return;
  }
}
