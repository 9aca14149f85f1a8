import {
  PAYMENT_SANDBOX,
  type TSubscriptionStatus,
} from '@signet/shared/billing/billing.constants';
import type { TPaymentEvent } from '@signet/shared/billing/billing.schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sandboxSetupIntents } from '../../db/schema/payments.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { PaymentProvider } from './provider.ts';
import {
  emitSandboxEvent as emit,
  sandboxId as id,
  PAYMENT_WEBHOOK_JOB,
} from './sandbox-events.ts';
import { sandboxPortalUrl } from './sandbox-portal.ts';
import {
  changeSandboxPlan,
  changeSandboxSeats,
  setSandboxCancelAtPeriodEnd,
  startSandboxSubscription,
} from './sandbox-subscriptions.ts';
import {
  sandboxWebhookSecret,
  signWebhook,
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
} from './signature.ts';

export { PAYMENT_WEBHOOK_JOB };

/** Signet's own webhook endpoint, below PUBLIC_URL. */
export const WEBHOOK_PATH = '/api/v2/payments/stripe/webhook';

/** What the card page tells the cardholder after a card was entered. */
export type TCardOutcome = 'succeeded' | 'declined' | 'requires_action' | 'invalid' | 'not_found';

/**
 * The sandbox as a payment provider: its own card page, its webhooks signed with a secret derived
 * from SIGNET_SECRET; Signet starts the subscription within the webhook of a card that succeeded.
 */
export function sandboxPaymentProvider(
  config: Pick<Config, 'publicUrl' | 'secret'>,
): PaymentProvider {
  return {
    name: 'sandbox',
    createSetupIntent: (db, input) =>
      createSandboxSetupIntent(db, config, {
        metadata: input.metadata,
        returnUrl: input.returnUrl,
      }),
    async getSetupIntent(db, intentId) {
      const intent = await sandboxSetupIntent(db, intentId);
      if (!intent) return null;
      const { id, status, metadata } = intent;
      return { id, status, metadata, succeeded: status === 'succeeded' };
    },
    parseWebhook(body, signature) {
      if (!verifyWebhook(sandboxWebhookSecret(config.secret), body, signature)) return null;
      try {
        return JSON.parse(body) as unknown;
      } catch {
        return null;
      }
    },
    startsSubscriptionIn: 'webhook',
    async startSubscription(start, db) {
      const intent = await sandboxSetupIntent(db, start.setupIntentId);
      if (intent?.status !== 'succeeded') return undefined;
      const sub = await startSandboxSubscription(db, {
        ...start,
        cardLast4: intent.cardLast4 ?? '',
      });
      return sub ? { id: sub.id, status: sub.status as TSubscriptionStatus } : undefined;
    },
    async changePlan(db, change) {
      const sub = await changeSandboxPlan(db, change.businessId, change);
      return sub ? { periodEnd: sub.periodEnd } : undefined;
    },
    changeSeats: (db, change) =>
      changeSandboxSeats(db, change.businessId, change.seats, change.vat, change.at),
    async setCancelAtPeriodEnd(db, change) {
      const sub = await setSandboxCancelAtPeriodEnd(db, change.owner, change.cancel, change.at);
      // Only a subscription that has not ended (active or past due) is changed.
      return sub
        ? { periodEnd: sub.periodEnd, status: sub.status === 'past_due' ? 'past_due' : 'active' }
        : undefined;
    },
    // The sandbox's own portal page: every customer has one (its invoices, its card).
    portalSession: async ({ owner }) => ({ url: sandboxPortalUrl(config, owner) }),
  };
}

/** A setup intent at the sandbox: it collects a card for `metadata` and returns to `returnUrl`. */
export async function createSandboxSetupIntent(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  input: { metadata: Record<string, string>; returnUrl: string },
): Promise<{ id: string; url: string }> {
  const intentId = id('seti');
  await db.insert(sandboxSetupIntents).values({ id: intentId, ...input });
  return { id: intentId, url: `${config.publicUrl}${PAYMENT_SANDBOX.path}/setup/${intentId}` };
}

/**
 * A card entered on the sandbox's card page: Stripe's test cards decide — one succeeds (the
 * setup intent succeeds, then the subscription is active), one is saved but its later charges
 * fail (the renewals: `sandbox-dunning.ts`), one is declined, one needs the cardholder's
 * confirmation first; anything else is not a card. Each outcome is a webhook.
 */
export async function submitSandboxCard(
  db: Db,
  intentId: string,
  number: string,
): Promise<TCardOutcome> {
  const digits = number.replace(/[\s-]/g, '');
  return db.transaction(async (tx) => {
    const intent = await lockIntent(tx, intentId);
    if (!intent || intent.status === 'succeeded') return 'not_found';
    const kind = sandboxCardKind(number);
    if (kind === 'invalid') return 'invalid';
    const last4 = digits.slice(-4);
    if (kind === 'confirm') {
      await tx
        .update(sandboxSetupIntents)
        .set({ status: 'requires_action', cardLast4: last4, lastError: null })
        .where(eq(sandboxSetupIntents.id, intentId));
      return 'requires_action';
    }
    // A card whose charges fail is saved like a good one (Stripe's 4000 0000 0000 0341); the
    // subscription's first invoice then fails (`incomplete`).
    if (kind === 'declined') {
      await tx
        .update(sandboxSetupIntents)
        .set({ status: 'requires_payment_method', cardLast4: last4, lastError: 'card_declined' })
        .where(eq(sandboxSetupIntents.id, intentId));
      await emit(tx, 'setup_intent.setup_failed', {
        id: intentId,
        status: 'failed',
        metadata: intent.metadata,
      });
      return 'declined';
    }
    await succeed(tx, intentId, intent.metadata, last4);
    return 'succeeded';
  });
}

/** What a test card number does at the sandbox (`declined`: any other card number). */
export type TSandboxCardKind = keyof typeof PAYMENT_SANDBOX.cards | 'invalid';

/** The sandbox's test card a number is (spaces and dashes allowed), or `invalid` for no card. */
export function sandboxCardKind(number: string): TSandboxCardKind {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return 'invalid';
  const { cards } = PAYMENT_SANDBOX;
  const known = (Object.keys(cards) as (keyof typeof cards)[]).find((k) => cards[k] === digits);
  return known ?? 'declined';
}

/** A setup intent, locked for its change (one card submission at a time). */
async function lockIntent(tx: DbOrTx, intentId: string) {
  const [intent] = await tx
    .select()
    .from(sandboxSetupIntents)
    .where(eq(sandboxSetupIntents.id, intentId))
    .for('update');
  return intent;
}

/** The cardholder confirms a card that asked for it (the sandbox's stand-in for 3-D Secure). */
export async function confirmSandboxCard(db: Db, intentId: string): Promise<TCardOutcome> {
  return db.transaction(async (tx) => {
    const intent = await lockIntent(tx, intentId);
    if (intent?.status !== 'requires_action') return 'not_found';
    await succeed(tx, intentId, intent.metadata, intent.cardLast4 ?? '');
    return 'succeeded';
  });
}

async function succeed(
  tx: DbOrTx,
  intentId: string,
  metadata: Record<string, string>,
  last4: string,
): Promise<void> {
  await tx
    .update(sandboxSetupIntents)
    .set({ status: 'succeeded', cardLast4: last4, lastError: null })
    .where(eq(sandboxSetupIntents.id, intentId));
  // Signet starts the subscription when this event arrives (its discounts taken, its VAT known);
  // the first period is invoiced and paid at once then.
  await emit(tx, 'setup_intent.succeeded', { id: intentId, status: 'succeeded', metadata });
}

/** The setup intent as the card page shows it. */
export async function sandboxSetupIntent(db: DbOrTx, intentId: string) {
  const [intent] = await db
    .select()
    .from(sandboxSetupIntents)
    .where(eq(sandboxSetupIntents.id, intentId));
  return intent;
}

/**
 * Delivers a queued webhook to Signet's endpoint, signed at sending time; an answer other than
 * 2xx fails the job, which the worker retries with its backoff (as Stripe retries).
 */
export function paymentWebhookHandler(
  config: Pick<Config, 'publicUrl' | 'secret'>,
): Record<string, JobHandler> {
  return {
    [PAYMENT_WEBHOOK_JOB]: async (job) => {
      const { event } = job.payload as { event: TPaymentEvent };
      const body = JSON.stringify(event);
      const header = signWebhook(
        sandboxWebhookSecret(config.secret),
        body,
        Math.floor(Date.now() / 1000),
      );
      const res = await fetch(`${config.publicUrl}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: header },
        body,
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      return { status: 'delivered', result: { event: event.id } };
    },
  };
}
