import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  sandboxInvoices,
  sandboxSubscriptions,
  type TSandboxInvoiceRow,
  type TSandboxSubscriptionRow,
} from '../../db/schema/sandbox-subscriptions.ts';
import type { TSubscriptionOwner } from './provider.ts';
import { emitSandboxEvent } from './sandbox-events.ts';
import {
  advanceSandboxSubscriptions,
  chargesFail,
  DAY_MS,
  expireIncompleteSubscriptions,
  invoiceObject,
  LIVE_STATUSES,
  ofOwner,
  subscriptionObject,
  updateSubscription,
} from './sandbox-subscriptions.ts';

/**
 * The sandbox's dunning, as Stripe's: an invoice its card did not pay stays open and the
 * subscription `past_due`; the invoice is charged again on the retry schedule
 * (`PAYMENT_SANDBOX.retryDays` after the first attempt), each failure an `invoice.payment_failed`;
 * when the last retry fails the invoice is `uncollectible` and the subscription is cancelled
 * (`customer.subscription.deleted`, Stripe's "cancel the subscription" setting). A new card saved
 * in the customer portal pays the open invoice at once (`invoice.paid`) and the subscription is
 * `active` again (`customer.subscription.updated`).
 */

/** Marks an open invoice paid by the card ending in `last4` and reports it. */
async function payInvoice(
  tx: DbOrTx,
  row: TSandboxInvoiceRow,
  sub: TSandboxSubscriptionRow,
  last4: string,
  now: Date,
): Promise<void> {
  await tx
    .update(sandboxInvoices)
    .set({
      status: 'paid',
      cardLast4: last4,
      attemptCount: row.attemptCount + 1,
      nextPaymentAttempt: null,
    })
    .where(eq(sandboxInvoices.id, row.id));
  await emitSandboxEvent(tx, 'invoice.paid', invoiceObject(row.id, sub, 'succeeded'), now);
}

/** The subscription's open invoices, oldest first, locked for their change. */
const openInvoicesOf = (tx: DbOrTx, subscriptionId: string) =>
  tx
    .select()
    .from(sandboxInvoices)
    .where(
      and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')),
    )
    .orderBy(asc(sandboxInvoices.createdAt))
    .for('update');

/**
 * Charges again every open invoice whose next attempt is due by `now` (each attempt the schedule
 * passed, in order): paid when the subscription's card pays now (the subscription is active
 * again), else a failure; after the last retry the subscription ends. Answers how many attempts
 * were made.
 */
export async function retryOpenInvoices(tx: DbOrTx, now: Date): Promise<number> {
  const due = await tx
    .select()
    .from(sandboxInvoices)
    .where(
      and(
        eq(sandboxInvoices.status, 'open'),
        isNotNull(sandboxInvoices.nextPaymentAttempt),
        lte(sandboxInvoices.nextPaymentAttempt, now),
      ),
    )
    .orderBy(asc(sandboxInvoices.createdAt))
    .for('update');
  let attempts = 0;
  for (const row of due) {
    const [sub] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(
        and(
          eq(sandboxSubscriptions.id, row.subscriptionId),
          inArray(sandboxSubscriptions.status, LIVE_STATUSES),
        ),
      )
      .for('update');
    if (!sub) {
      // Its subscription ended otherwise (cancelled at its period's end): no more attempts.
      await tx
        .update(sandboxInvoices)
        .set({ nextPaymentAttempt: null })
        .where(eq(sandboxInvoices.id, row.id));
      continue;
    }
    attempts += 1;
    if (!chargesFail(sub.cardLast4)) {
      await payInvoice(tx, row, sub, sub.cardLast4, now);
      await reactivate(tx, sub, now);
      continue;
    }
    await failAttempts(tx, row, sub, now);
  }
  return attempts;
}

/**
 * The failed attempts of one open invoice up to `now`: each retry the schedule passed fails
 * (`invoice.payment_failed`); the one after the last retry ends the subscription.
 */
async function failAttempts(
  tx: DbOrTx,
  row: TSandboxInvoiceRow,
  sub: TSandboxSubscriptionRow,
  now: Date,
): Promise<void> {
  const days = PAYMENT_SANDBOX.retryDays;
  let attemptCount = row.attemptCount;
  let next = row.nextPaymentAttempt;
  while (next && next.getTime() <= now.getTime()) {
    attemptCount += 1;
    await emitSandboxEvent(tx, 'invoice.payment_failed', invoiceObject(row.id, sub, 'failed'), now);
    // Attempt n (n ≥ 2) was the retry `days[n - 2]` after the first; the next is `days[n - 1]`.
    const done = days[attemptCount - 2];
    const coming = days[attemptCount - 1];
    next =
      done === undefined || coming === undefined
        ? null
        : new Date(next.getTime() + (coming - done) * DAY_MS);
  }
  const exhausted = next === null;
  await tx
    .update(sandboxInvoices)
    .set({
      attemptCount,
      nextPaymentAttempt: next,
      ...(exhausted ? { status: 'uncollectible' } : {}),
    })
    .where(eq(sandboxInvoices.id, row.id));
  if (!exhausted) return;
  const gone = await updateSubscription(tx, sub.id, { status: 'canceled' });
  if (gone) {
    await emitSandboxEvent(tx, 'customer.subscription.deleted', subscriptionObject(gone), now);
  }
}

/** A past-due subscription whose open invoices are all paid runs again, and says so. */
async function reactivate(tx: DbOrTx, sub: TSandboxSubscriptionRow, now: Date): Promise<void> {
  if (sub.status !== 'past_due') return;
  const [stillOpen] = await tx
    .select({ id: sandboxInvoices.id })
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.status, 'open')))
    .limit(1);
  if (stillOpen) return;
  const active = await updateSubscription(tx, sub.id, { status: 'active' });
  if (active) {
    await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(active), now);
  }
}

/** What saving a card in the customer portal did. */
export type TCardUpdate = 'no_subscription' | 'saved' | 'paid' | 'failed';

/**
 * A new card for the customer's subscription (the portal's "update payment method"): it becomes
 * the subscription's card, and when the subscription is past due its open invoices are charged to
 * it at once, as Stripe's portal does — paid (`invoice.paid`, the subscription active again) or,
 * for a card whose charges fail too, one more failed attempt (the retry schedule runs on).
 */
export async function updateSandboxCard(
  db: Db,
  owner: TSubscriptionOwner,
  last4: string,
  now = new Date(),
): Promise<TCardUpdate> {
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(
        and(
          ofOwner(sandboxSubscriptions, owner),
          inArray(sandboxSubscriptions.status, LIVE_STATUSES),
        ),
      )
      .for('update');
    if (!sub) return 'no_subscription';
    const changed = (await updateSubscription(tx, sub.id, { cardLast4: last4 })) ?? sub;
    const open = await openInvoicesOf(tx, sub.id);
    if (open.length === 0) return 'saved';
    if (chargesFail(last4)) {
      for (const row of open) {
        await tx
          .update(sandboxInvoices)
          .set({ attemptCount: row.attemptCount + 1 })
          .where(eq(sandboxInvoices.id, row.id));
        await emitSandboxEvent(
          tx,
          'invoice.payment_failed',
          invoiceObject(row.id, changed, 'failed'),
          now,
        );
      }
      return 'failed';
    }
    for (const row of open) await payInvoice(tx, row, changed, last4, now);
    await reactivate(tx, changed, now);
    return 'paid';
  });
}

/**
 * The sandbox provider's clock (the hourly job, and the test-mode clocks): renewals and plans
 * ending with their period, then the retries of open invoices that are due, then subscriptions
 * whose first invoice was not paid in time expiring.
 */
export async function runSandboxBilling(
  db: Db,
  now = new Date(),
): Promise<{ ended: number; renewed: number; retried: number; incompleteExpired: number }> {
  const periods = await advanceSandboxSubscriptions(db, now);
  const retried = await db.transaction((tx) => retryOpenInvoices(tx, now));
  const incompleteExpired = await db.transaction((tx) => expireIncompleteSubscriptions(tx, now));
  return { ...periods, retried, incompleteExpired };
}
