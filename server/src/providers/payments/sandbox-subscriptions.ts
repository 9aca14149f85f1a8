import type { TBillingCycle } from '@signet/shared/billing/billing.constants';
import type { TInvoiceLine, TPaymentEvent } from '@signet/shared/billing/billing.schema';
import { addMonths, cycleMonths, prorate } from '@signet/shared/billing/pricing.rules';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pricePlans } from '../../db/schema/price-plans.ts';
import {
  sandboxInvoices,
  sandboxSubscriptions,
  type TSandboxSubscriptionRow,
} from '../../db/schema/sandbox-subscriptions.ts';
import { emitSandboxEvent, sandboxId } from './sandbox-events.ts';

/**
 * The sandbox provider's subscriptions, behaving like Stripe's: a subscription starts when a card
 * is saved (its first period invoiced and paid at once), renews at each period's end (a new
 * invoice), bills a seat increase for the rest of the period (a proration invoice), and
 * `cancel_at_period_end` ends it at the period's end (`customer.subscription.deleted`). Every
 * change is a webhook to Signet. Time moves on by `advanceSandboxSubscriptions` — the daily
 * provider run, and in test mode the billing clock.
 */

/**
 * The `index`-th period (0 = the first) of a subscription whose billing cycle is anchored at
 * `anchor`: every period is counted from the anchor in calendar months, the day clamped to the
 * month's end (Stripe's `billing_cycle_anchor`; the previews' `currentPeriod` counts the same way).
 */
export function periodAt(anchor: Date, cycle: TBillingCycle, index: number) {
  const step = cycleMonths(cycle);
  return { start: addMonths(anchor, index * step), end: addMonths(anchor, (index + 1) * step) };
}

/** Which period of its anchor a subscription is in (whole cycles of months from the anchor). */
function periodIndex(sub: TSandboxSubscriptionRow): number {
  const anchor = anchorOf(sub);
  const months =
    (sub.periodStart.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    sub.periodStart.getUTCMonth() -
    anchor.getUTCMonth();
  return Math.round(months / cycleMonths(sub.cycle as TBillingCycle));
}

/** The subscription's billing cycle anchor (rows from before it was kept: their period start). */
const anchorOf = (sub: TSandboxSubscriptionRow) => sub.billingCycleAnchor ?? sub.periodStart;

/** The subscription as its webhooks carry it (Stripe's fields; Signet reads the business id). */
function subscriptionObject(sub: TSandboxSubscriptionRow): TPaymentEvent['data']['object'] {
  return {
    id: sub.id,
    status: sub.status as 'active' | 'canceled',
    metadata: sub.metadata,
    current_period_end: Math.floor(sub.periodEnd.getTime() / 1000),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
  };
}

/** The business's subscriptions that run (a business has one at most). */
const running = (businessId: string) =>
  and(eq(sandboxSubscriptions.businessId, businessId), eq(sandboxSubscriptions.status, 'active'));

/** Changes one subscription and answers it as changed. */
async function updateSubscription(
  tx: DbOrTx,
  id: string,
  set: Partial<typeof sandboxSubscriptions.$inferInsert>,
): Promise<TSandboxSubscriptionRow | undefined> {
  const [row] = await tx
    .update(sandboxSubscriptions)
    .set(set)
    .where(eq(sandboxSubscriptions.id, id))
    .returning();
  return row;
}

const amountOf = (sub: Pick<TSandboxSubscriptionRow, 'unitAmount' | 'perSeat' | 'seats'>) =>
  sub.perSeat ? sub.unitAmount * sub.seats : sub.unitAmount;

/** Issues an invoice paid at once by the subscription's card (numbered per business). */
async function invoice(
  tx: DbOrTx,
  sub: TSandboxSubscriptionRow,
  lines: TInvoiceLine[],
  period: { start: Date; end: Date },
  now: Date,
): Promise<void> {
  const [issued] = await tx
    .select({ n: count() })
    .from(sandboxInvoices)
    .where(eq(sandboxInvoices.businessId, sub.businessId));
  const number = `TEST-${sub.businessId.slice(0, 8).toUpperCase()}-${String((issued?.n ?? 0) + 1).padStart(4, '0')}`;
  const id = sandboxId('in');
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  await tx.insert(sandboxInvoices).values({
    id,
    businessId: sub.businessId,
    subscriptionId: sub.id,
    number,
    currency: sub.currency,
    lines,
    total,
    cardLast4: sub.cardLast4,
    periodStart: period.start,
    periodEnd: period.end,
    createdAt: now,
  });
  await emitSandboxEvent(
    tx,
    'invoice.paid',
    { id, status: 'succeeded', metadata: { ...sub.metadata, subscriptionId: sub.id } },
    now,
  );
}

const periodLine = (sub: TSandboxSubscriptionRow): TInvoiceLine => ({
  description: `${sub.plan} (${sub.cycle})`,
  quantity: sub.perSeat ? sub.seats : 1,
  unitAmount: sub.unitAmount,
  amount: amountOf(sub),
});

/**
 * Starts the subscription a saved card pays for (`metadata`: businessId, plan, cycle, currency,
 * seats): a business's earlier subscription ends silently (it has only one), the first period is
 * invoiced, and `customer.subscription.updated` reports it active.
 */
export async function startSandboxSubscription(
  tx: DbOrTx,
  metadata: Record<string, string>,
  cardLast4: string,
  now = new Date(),
): Promise<TSandboxSubscriptionRow | null> {
  const { businessId, plan, cycle, currency } = metadata;
  if (!businessId || !plan || !cycle || !currency) return null;
  const [price] = await tx
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.name, plan),
        eq(pricePlans.cycle, cycle as TBillingCycle),
        eq(pricePlans.currency, currency as 'EUR' | 'CHF'),
      ),
    );
  if (!price) return null;
  // Times to the second, as the provider's API and webhooks carry them.
  const start = new Date(Math.floor(now.getTime() / 1000) * 1000);
  await tx.update(sandboxSubscriptions).set({ status: 'canceled' }).where(running(businessId));
  const [sub] = await tx
    .insert(sandboxSubscriptions)
    .values({
      id: sandboxId('sub'),
      businessId,
      plan,
      cycle,
      currency,
      seats: Math.max(1, Number(metadata.seats) || 1),
      unitAmount: price.unitAmount,
      perSeat: price.perSeat,
      cardLast4,
      billingCycleAnchor: start,
      periodStart: start,
      periodEnd: periodAt(start, price.cycle, 0).end,
      metadata,
    })
    .returning();
  if (!sub) throw new Error('subscription not written');
  await invoice(tx, sub, [periodLine(sub)], { start: sub.periodStart, end: sub.periodEnd }, now);
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(sub), now);
  return sub;
}

/** The business's running subscription at the sandbox, locked for a change (or none). */
export async function activeSandboxSubscription(
  tx: DbOrTx,
  businessId: string,
): Promise<TSandboxSubscriptionRow | undefined> {
  const [sub] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(running(businessId))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1)
    .for('update');
  return sub;
}

/**
 * Sets `cancel_at_period_end` (true: the subscription ends when its period does; false: it runs
 * on) and reports it by webhook. Answers the subscription as changed, or undefined when the
 * business has none running.
 */
export async function setSandboxCancelAtPeriodEnd(
  tx: DbOrTx,
  businessId: string,
  cancel: boolean,
  now = new Date(),
): Promise<TSandboxSubscriptionRow | undefined> {
  const sub = await activeSandboxSubscription(tx, businessId);
  if (!sub) return undefined;
  const changed = await updateSubscription(tx, sub.id, { cancelAtPeriodEnd: cancel });
  if (!changed) return undefined;
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(changed), now);
  return changed;
}

/**
 * Changes the seats of the business's running subscription: more seats of a per-seat plan are
 * invoiced for the rest of the period at once (Stripe's `always_invoice` proration), fewer take
 * effect without a credit (the next renewal bills the new number). No-op without a subscription.
 */
export async function changeSandboxSeats(
  tx: DbOrTx,
  businessId: string,
  seats: number,
  now = new Date(),
): Promise<void> {
  const sub = await activeSandboxSubscription(tx, businessId);
  if (!sub || sub.seats === seats) return;
  const changed = await updateSubscription(tx, sub.id, { seats });
  if (!changed) return;
  const added = seats - sub.seats;
  const { amount } = prorate(
    sub.perSeat ? sub.unitAmount * Math.max(0, added) : 0,
    { start: sub.periodStart, end: sub.periodEnd },
    now,
  );
  // Nothing left to charge (fewer seats, a flat plan, the period's last day): no invoice.
  if (amount > 0) {
    await invoice(
      tx,
      changed,
      [
        {
          description: `${sub.plan}: ${added} more seat(s) for the rest of the period`,
          quantity: added,
          unitAmount: Math.round(amount / added),
          amount,
        },
      ],
      { start: now, end: sub.periodEnd },
      now,
    );
  }
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(changed), now);
}

/**
 * The provider's clock: every running subscription whose period has ended by `now` either ends
 * (`cancel_at_period_end`: `customer.subscription.deleted`) or renews, one invoice per period it
 * passed. Answers how many ended and renewed.
 */
export async function advanceSandboxSubscriptions(
  db: Db,
  now = new Date(),
): Promise<{ ended: number; renewed: number }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(
        and(eq(sandboxSubscriptions.status, 'active'), lte(sandboxSubscriptions.periodEnd, now)),
      )
      .for('update');
    let ended = 0;
    let renewed = 0;
    for (const sub of due) {
      if (sub.cancelAtPeriodEnd) {
        const gone = await updateSubscription(tx, sub.id, { status: 'canceled' });
        if (gone) {
          await emitSandboxEvent(
            tx,
            'customer.subscription.deleted',
            subscriptionObject(gone),
            now,
          );
        }
        ended += 1;
        continue;
      }
      let current = sub;
      while (current.periodEnd.getTime() <= now.getTime()) {
        const { start, end } = periodAt(
          anchorOf(current),
          current.cycle as TBillingCycle,
          periodIndex(current) + 1,
        );
        const next = await updateSubscription(tx, current.id, {
          periodStart: start,
          periodEnd: end,
        });
        if (!next) break;
        current = next;
        await invoice(tx, current, [periodLine(current)], { start, end }, now);
      }
      await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(current), now);
      renewed += 1;
    }
    return { ended, renewed };
  });
}

/**
 * Moves the business's running subscription `days` into the past (its period ends sooner), as
 * the test-mode billing clock does before it runs `advanceSandboxSubscriptions`: the anchor moves,
 * and the period it is in is counted from the moved anchor again (so it stays the period the
 * previews compute from the business's plan start, which the clock moves alike).
 */
export async function rewindSandboxSubscription(
  db: DbOrTx,
  businessId: string,
  days: number,
): Promise<void> {
  const shift = days * 86_400_000;
  const subs = await db.select().from(sandboxSubscriptions).where(running(businessId));
  for (const sub of subs) {
    const anchor = new Date(anchorOf(sub).getTime() - shift);
    const { start, end } = periodAt(anchor, sub.cycle as TBillingCycle, periodIndex(sub));
    await updateSubscription(db, sub.id, {
      billingCycleAnchor: anchor,
      periodStart: start,
      periodEnd: end,
    });
  }
}

/** The business's invoices at the sandbox, newest first. */
export function sandboxInvoicesOf(db: DbOrTx, businessId: string) {
  return db
    .select()
    .from(sandboxInvoices)
    .where(eq(sandboxInvoices.businessId, businessId))
    .orderBy(desc(sandboxInvoices.createdAt), desc(sandboxInvoices.number));
}

/** One invoice of the business (undefined for another business's). */
export async function sandboxInvoiceOf(db: DbOrTx, businessId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.businessId, businessId), eq(sandboxInvoices.id, invoiceId)));
  return row;
}

/** The card the business pays with at the sandbox (its newest subscription's), last four only. */
export async function sandboxCardOf(db: DbOrTx, businessId: string): Promise<string | null> {
  const [sub] = await db
    .select({ last4: sandboxSubscriptions.cardLast4 })
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.businessId, businessId))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1);
  return sub?.last4 ?? null;
}
