import { PAYMENT_SANDBOX, type TBillingCycle } from '@signet/shared/billing/billing.constants';
import { priceLookupKey } from '@signet/shared/billing/billing.rules';
import type { TInvoiceLine, TPaymentEvent } from '@signet/shared/billing/billing.schema';
import {
  activeDiscounts,
  addMonths,
  cycleMonths,
  planLine,
  priceInvoice,
  seatsInvoice,
  type TPricedInvoice,
  type TTakenDiscount,
  type TVat,
  unusedTimeCredit,
  vatFor,
} from '@signet/shared/billing/pricing.rules';
import { DIRECT_UPGRADE_USER, SUBSCRIPTION_SETUP_INTENT } from '@signet/shared/plan/plan.constants';
import { type AnyColumn, and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pricePlans } from '../../db/schema/price-plans.ts';
import {
  sandboxInvoices,
  sandboxSubscriptions,
  type TSandboxSubscriptionRow,
} from '../../db/schema/sandbox-subscriptions.ts';
import type { TPlanChange, TSubscriptionOwner } from './provider.ts';
import { emitSandboxEvent, sandboxId } from './sandbox-events.ts';

/**
 * The sandbox provider's subscriptions, behaving like Stripe's: a subscription starts when a card
 * is saved (its first period invoiced and charged at once), renews at each period's end (a new
 * invoice), bills a seat increase for the rest of the period (a proration invoice), and
 * `cancel_at_period_end` ends it at the period's end (`customer.subscription.deleted`). A card
 * whose charges fail (`PAYMENT_SANDBOX.cards.chargesFail`) leaves the first invoice open and the
 * subscription `incomplete` (no plan starts; `incomplete_expired` after
 * `PAYMENT_SANDBOX.incompleteHours`), and a later invoice open with the subscription `past_due`
 * until a new card pays (see `sandbox-dunning.ts`). Every
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

/**
 * The subscription as its webhooks carry it (Stripe's fields: its item's price by lookup key and
 * quantity; Signet reads the business or user from the metadata).
 */
export function subscriptionObject(sub: TSandboxSubscriptionRow): TPaymentEvent['data']['object'] {
  return {
    id: sub.id,
    status: sub.status as 'active' | 'past_due' | 'incomplete' | 'incomplete_expired' | 'canceled',
    metadata: sub.metadata,
    current_period_end: Math.floor(sub.periodEnd.getTime() / 1000),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? Math.floor(sub.periodEnd.getTime() / 1000) : null,
    price_lookup_key: priceLookupKey(sub.plan, sub.cycle, sub.currency),
    quantity: sub.seats,
  };
}

/** The rows of one customer (a business or a user). */
export const ofOwner = <T extends { businessId: AnyColumn; userId: AnyColumn }>(
  table: T,
  owner: TSubscriptionOwner,
) =>
  'businessId' in owner ? eq(table.businessId, owner.businessId) : eq(table.userId, owner.userId);

/**
 * The statuses of a subscription that has not ended: it runs, or its last invoice is open while
 * the provider retries it (Stripe's `past_due` subscription can still be changed or cancelled).
 */
export const LIVE_STATUSES = ['active', 'past_due'] as const;

/** The owner's subscriptions that have not ended (a customer has one at most). */
const running = (owner: TSubscriptionOwner) =>
  and(ofOwner(sandboxSubscriptions, owner), inArray(sandboxSubscriptions.status, LIVE_STATUSES));

/** Who a subscription row is of. */
const ownerOf = (sub: TSandboxSubscriptionRow): TSubscriptionOwner =>
  sub.businessId ? { businessId: sub.businessId } : { userId: sub.userId ?? '' };

/** Changes one subscription and answers it as changed. */
export async function updateSubscription(
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

/** The coupons of a subscription as the price rules read them. */
const discountsOf = (sub: TSandboxSubscriptionRow): TTakenDiscount[] =>
  sub.discounts.map((d) => ({ ...d, endsAt: d.endsAt ? new Date(d.endsAt) : null }));

/** The VAT of a subscription (rows from before it was kept: the EU seller's own). */
const vatOf = (sub: TSandboxSubscriptionRow): TVat => sub.vat ?? vatFor({ platform: 'EU' });

/** One line of an invoice as the provider prints it. */
const invoiceLine = (line: TPricedInvoice['lines'][number]): TInvoiceLine => ({
  description:
    line.kind === 'proration'
      ? `${line.label}: ${line.quantity} more seat(s) for the rest of the period`
      : line.kind === 'discount'
        ? `Discount ${line.label}`
        : line.kind === 'credit'
          ? `Unused time on ${line.label} (${line.quantity} days)`
          : line.label,
  quantity: line.quantity,
  unitAmount: line.unitAmount,
  amount: line.amount,
});

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Whether a saved card's charges fail (the sandbox keeps only test cards, told by their last four). */
export const chargesFail = (last4: string) => last4 === PAYMENT_SANDBOX.cards.chargesFail.slice(-4);

/** The event object of an invoice (Signet reads the customer from the metadata). */
export const invoiceObject = (
  id: string,
  sub: TSandboxSubscriptionRow,
  status: 'succeeded' | 'failed',
): TPaymentEvent['data']['object'] => ({
  id,
  status,
  metadata: { ...sub.metadata, subscriptionId: sub.id },
});

/**
 * Issues an invoice charged at once to the subscription's card (numbered per customer): the
 * lines, the discounts and the VAT as the shared price rules priced them — the previews' rules.
 * One charged to a card whose charges fail stays open (`invoice.payment_failed`): the first of a
 * subscription makes it `incomplete` and is not retried (Stripe's `allow_incomplete`: it waits
 * for a payment until it expires); a later one is retried on Stripe's schedule
 * (`PAYMENT_SANDBOX.retryDays`) and makes the subscription `past_due`. Answers the subscription
 * as it is then.
 */
async function invoice(
  tx: DbOrTx,
  sub: TSandboxSubscriptionRow,
  priced: TPricedInvoice,
  period: { start: Date; end: Date },
  now: Date,
  first = false,
): Promise<TSandboxSubscriptionRow> {
  const fails = chargesFail(sub.cardLast4);
  const [issued] = await tx
    .select({ n: count() })
    .from(sandboxInvoices)
    .where(ofOwner(sandboxInvoices, ownerOf(sub)));
  const customer = sub.businessId ?? sub.userId ?? '';
  const number = `TEST-${customer.slice(0, 8).toUpperCase()}-${String((issued?.n ?? 0) + 1).padStart(4, '0')}`;
  const id = sandboxId('in');
  await tx.insert(sandboxInvoices).values({
    id,
    businessId: sub.businessId,
    userId: sub.userId,
    subscriptionId: sub.id,
    number,
    currency: sub.currency,
    lines: priced.lines.map(invoiceLine),
    subtotal: priced.subtotal,
    vat: priced.vat,
    total: priced.total,
    cardLast4: sub.cardLast4,
    periodStart: period.start,
    periodEnd: period.end,
    createdAt: now,
    ...(fails
      ? {
          status: 'open',
          nextPaymentAttempt: first
            ? null
            : new Date(now.getTime() + PAYMENT_SANDBOX.retryDays[0] * DAY_MS),
        }
      : {}),
  });
  if (!fails) {
    await emitSandboxEvent(tx, 'invoice.paid', invoiceObject(id, sub, 'succeeded'), now);
    return sub;
  }
  await emitSandboxEvent(tx, 'invoice.payment_failed', invoiceObject(id, sub, 'failed'), now);
  return (
    (await updateSubscription(tx, sub.id, { status: first ? 'incomplete' : 'past_due' })) ?? sub
  );
}

/** The invoice of one whole period from `at`: the plan at its seats, the coupons still on, VAT. */
const periodInvoice = (sub: TSandboxSubscriptionRow, at: Date) =>
  priceInvoice({
    charges: [
      planLine({ name: sub.plan, unitAmount: sub.unitAmount, perSeat: sub.perSeat }, sub.seats),
    ],
    discounts: activeDiscounts(discountsOf(sub), at),
    currency: sub.currency,
    vat: vatOf(sub),
  });

/** What Signet hands the sandbox when a saved card starts a plan (Stripe's subscription create). */
export type TSandboxStart = {
  /** The setup intent that saved the card (the subscription's metadata names it). */
  setupIntentId: string;
  /** The setup intent's metadata: businessId or the direct upgrade's user, plan, cycle, currency, seats. */
  metadata: Record<string, string>;
  cardLast4: string;
  /** The billing cycle anchor: the plan's start as Signet recorded it. */
  startAt: Date;
  /** The tax rate of its invoices. */
  vat: TVat;
  /** The coupons the business took with the plan, with when each is used up. */
  discounts: TTakenDiscount[];
};

/**
 * Starts the subscription a saved card pays for, once per setup intent (the same one again
 * answers the subscription it started, as it is now): the first period is invoiced and charged,
 * and `customer.subscription.updated` reports it — active, and the customer's earlier running
 * subscription ends silently (it has only one); or `incomplete` when the card does not pay (the
 * earlier one runs on, Signet starts no plan). The customer is the business the metadata names,
 * else the direct upgrade's user.
 */
export async function startSandboxSubscription(
  tx: DbOrTx,
  start: TSandboxStart,
  now = new Date(),
): Promise<TSandboxSubscriptionRow | null> {
  const metadata: Record<string, string> = {
    ...start.metadata,
    [SUBSCRIPTION_SETUP_INTENT]: start.setupIntentId,
  };
  const { businessId, plan, cycle, currency } = metadata;
  const userId = metadata[DIRECT_UPGRADE_USER];
  const owner: TSubscriptionOwner | null = businessId ? { businessId } : userId ? { userId } : null;
  if (!owner || !plan || !cycle || !currency) return null;
  const [already] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        ofOwner(sandboxSubscriptions, owner),
        sql`${sandboxSubscriptions.metadata} ->> ${SUBSCRIPTION_SETUP_INTENT} = ${start.setupIntentId}`,
      ),
    );
  if (already) return already;
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
  const anchor = new Date(Math.floor(start.startAt.getTime() / 1000) * 1000);
  const earlier = await tx
    .select({ id: sandboxSubscriptions.id })
    .from(sandboxSubscriptions)
    .where(running(owner));
  const [sub] = await tx
    .insert(sandboxSubscriptions)
    .values({
      id: sandboxId('sub'),
      businessId: 'businessId' in owner ? owner.businessId : null,
      userId: 'userId' in owner ? owner.userId : null,
      plan,
      cycle,
      currency,
      seats: Math.max(1, Number(metadata.seats) || 1),
      unitAmount: price.unitAmount,
      perSeat: price.perSeat,
      cardLast4: start.cardLast4,
      billingCycleAnchor: anchor,
      periodStart: anchor,
      periodEnd: periodAt(anchor, price.cycle, 0).end,
      vat: start.vat,
      discounts: start.discounts.map((d) => ({ ...d, endsAt: d.endsAt?.toISOString() ?? null })),
      metadata,
    })
    .returning();
  if (!sub) throw new Error('subscription not written');
  const period = { start: sub.periodStart, end: sub.periodEnd };
  const charged = await invoice(tx, sub, periodInvoice(sub, sub.periodStart), period, now, true);
  if (charged.status === 'active' && earlier.length > 0) {
    await tx
      .update(sandboxSubscriptions)
      .set({ status: 'canceled' })
      .where(
        inArray(
          sandboxSubscriptions.id,
          earlier.map((e) => e.id),
        ),
      );
  }
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(charged), now);
  return charged;
}

/**
 * Subscriptions whose first invoice stayed unpaid for `PAYMENT_SANDBOX.incompleteHours` since
 * they started become `incomplete_expired` (Stripe's rule): the invoice is void and
 * `customer.subscription.updated` says so. Answers how many expired.
 */
export async function expireIncompleteSubscriptions(tx: DbOrTx, now: Date): Promise<number> {
  const limit = new Date(now.getTime() - PAYMENT_SANDBOX.incompleteHours * 3_600_000);
  const expired = await tx
    .update(sandboxSubscriptions)
    .set({ status: 'incomplete_expired' })
    .where(
      and(
        eq(sandboxSubscriptions.status, 'incomplete'),
        lte(sandboxSubscriptions.billingCycleAnchor, limit),
      ),
    )
    .returning();
  for (const sub of expired) {
    await tx
      .update(sandboxInvoices)
      .set({ status: 'void', nextPaymentAttempt: null })
      .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.status, 'open')));
    await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(sub), now);
  }
  return expired.length;
}

/** The customer's running subscription at the sandbox, locked for a change (or none). */
export async function activeSandboxSubscription(
  tx: DbOrTx,
  owner: TSubscriptionOwner,
): Promise<TSandboxSubscriptionRow | undefined> {
  const [sub] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(running(owner))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1)
    .for('update');
  return sub;
}

/**
 * Sets `cancel_at_period_end` (true: the subscription ends when its period does; false: it runs
 * on) and reports it by webhook. Answers the subscription as changed, or undefined when the
 * customer has none running.
 */
export async function setSandboxCancelAtPeriodEnd(
  tx: DbOrTx,
  owner: TSubscriptionOwner,
  cancel: boolean,
  now = new Date(),
): Promise<TSandboxSubscriptionRow | undefined> {
  const sub = await activeSandboxSubscription(tx, owner);
  if (!sub) return undefined;
  const changed = await updateSubscription(tx, sub.id, { cancelAtPeriodEnd: cancel });
  if (!changed) return undefined;
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(changed), now);
  return changed;
}

/**
 * Changes the seats of the business's running subscription, with the VAT Signet charges now
 * (Stripe: the subscription's tax rate, updated with it): more seats of a per-seat plan are
 * invoiced for the rest of the period at once (Stripe's `always_invoice` proration), with the
 * coupons still on; fewer take effect without a credit (the next renewal bills the new number).
 * No-op without a subscription.
 */
export async function changeSandboxSeats(
  tx: DbOrTx,
  businessId: string,
  seats: number,
  vat: TVat,
  now = new Date(),
): Promise<void> {
  const sub = await activeSandboxSubscription(tx, { businessId });
  if (!sub || sub.seats === seats) return;
  const changed = await updateSubscription(tx, sub.id, { seats, vat });
  if (!changed) return;
  const priced = seatsInvoice({
    plan: { name: sub.plan, unitAmount: sub.unitAmount, perSeat: sub.perSeat },
    added: seats - sub.seats,
    period: { start: sub.periodStart, end: sub.periodEnd },
    now,
    discounts: activeDiscounts(discountsOf(sub), now),
    currency: sub.currency,
    vat,
  });
  // Nothing to charge (fewer seats, a flat plan, the period's last day): no invoice.
  const charged =
    priced.lines.length > 0
      ? await invoice(tx, changed, priced, { start: now, end: sub.periodEnd }, now)
      : changed;
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(charged), now);
}

/**
 * Moves the business's running subscription to another plan, cycle or seats now (Stripe's
 * subscription update with `always_invoice` and a new billing cycle anchor): the unused days of
 * the old plan are credited, a new period starts at `change.startAt`, and its invoice carries the
 * coupons taken with the change and the VAT. Answers the subscription as changed, or undefined
 * when the business has none running.
 */
export async function changeSandboxPlan(
  tx: DbOrTx,
  businessId: string,
  change: Omit<TPlanChange, 'businessId' | 'subscriptionId' | 'changeId'>,
  now = new Date(),
): Promise<TSandboxSubscriptionRow | undefined> {
  const sub = await activeSandboxSubscription(tx, { businessId });
  if (!sub) return undefined;
  const { price } = change;
  const credit = unusedTimeCredit({
    plan: {
      name: sub.plan,
      unitAmount: sub.unitAmount,
      perSeat: sub.perSeat,
      currency: sub.currency,
    },
    seats: sub.seats,
    period: { start: sub.periodStart, end: sub.periodEnd },
    now: change.startAt,
    currency: price.currency,
  });
  const anchor = new Date(Math.floor(change.startAt.getTime() / 1000) * 1000);
  const changed = await updateSubscription(tx, sub.id, {
    plan: price.name,
    cycle: price.cycle,
    currency: price.currency,
    seats: change.seats,
    unitAmount: price.unitAmount,
    perSeat: price.perSeat,
    billingCycleAnchor: anchor,
    periodStart: anchor,
    periodEnd: periodAt(anchor, price.cycle, 0).end,
    cancelAtPeriodEnd: false,
    vat: change.vat,
    discounts: change.discounts.map((d) => ({ ...d, endsAt: d.endsAt?.toISOString() ?? null })),
    metadata: { ...sub.metadata, plan: price.name, cycle: price.cycle, currency: price.currency },
  });
  if (!changed) return undefined;
  const priced = priceInvoice({
    charges: [planLine(price, change.seats)],
    credits: credit ? [credit] : [],
    discounts: activeDiscounts(change.discounts, anchor),
    currency: price.currency,
    vat: change.vat,
  });
  const charged = await invoice(
    tx,
    changed,
    priced,
    { start: changed.periodStart, end: changed.periodEnd },
    now,
  );
  await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(charged), now);
  return charged;
}

/** The VAT of the business's running subscription from now on (its billing address changed). */
export async function setSandboxVat(tx: DbOrTx, businessId: string, vat: TVat): Promise<void> {
  await tx.update(sandboxSubscriptions).set({ vat }).where(running({ businessId }));
}

/**
 * The provider's clock: every running subscription whose period has ended by `now` either ends
 * (`cancel_at_period_end`: `customer.subscription.deleted`) or renews, one invoice per period it
 * passed (a renewal its card does not pay stops there: the subscription is past due; a past-due
 * one only ends, when it was cancelled, and otherwise waits for its retries). Answers how
 * many ended and renewed. (`runSandboxBilling` runs this and then the retries of open invoices.)
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
        and(
          inArray(sandboxSubscriptions.status, LIVE_STATUSES),
          lte(sandboxSubscriptions.periodEnd, now),
        ),
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
      // A past-due subscription renews no further while its open invoice is retried.
      if (sub.status !== 'active') continue;
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
        current = await invoice(tx, next, periodInvoice(next, start), { start, end }, now);
        if (current.status !== 'active') break;
      }
      await emitSandboxEvent(tx, 'customer.subscription.updated', subscriptionObject(current), now);
      renewed += 1;
    }
    return { ended, renewed };
  });
}

/**
 * Moves the customer's running subscription `days` into the past (its period ends sooner), as
 * the test-mode clocks do before they run `advanceSandboxSubscriptions`: the anchor moves, and
 * the period it is in is counted from the moved anchor again (so it stays the period the
 * previews compute from the plan's start, which the clocks move alike).
 */
export async function rewindSandboxSubscription(
  db: DbOrTx,
  owner: TSubscriptionOwner,
  days: number,
): Promise<void> {
  const shift = days * DAY_MS;
  // An incomplete one too: its 23 hours to be paid pass as much sooner.
  const subs = await db
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        ofOwner(sandboxSubscriptions, owner),
        inArray(sandboxSubscriptions.status, [...LIVE_STATUSES, 'incomplete']),
      ),
    );
  for (const sub of subs) {
    // Its open invoice's retries come as much sooner.
    await db
      .update(sandboxInvoices)
      .set({
        nextPaymentAttempt: sql`${sandboxInvoices.nextPaymentAttempt} - make_interval(days => ${days})`,
      })
      .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.status, 'open')));
    const anchor = new Date(anchorOf(sub).getTime() - shift);
    const { start, end } = periodAt(anchor, sub.cycle as TBillingCycle, periodIndex(sub));
    await updateSubscription(db, sub.id, {
      billingCycleAnchor: anchor,
      periodStart: start,
      periodEnd: end,
    });
  }
}

/** The customer's invoices at the sandbox, newest first. */
export function sandboxInvoicesOf(db: DbOrTx, owner: TSubscriptionOwner) {
  return db
    .select()
    .from(sandboxInvoices)
    .where(ofOwner(sandboxInvoices, owner))
    .orderBy(desc(sandboxInvoices.createdAt), desc(sandboxInvoices.number));
}

/** One invoice of the customer (undefined for another customer's). */
export async function sandboxInvoiceOf(db: DbOrTx, owner: TSubscriptionOwner, invoiceId: string) {
  const [row] = await db
    .select()
    .from(sandboxInvoices)
    .where(and(ofOwner(sandboxInvoices, owner), eq(sandboxInvoices.id, invoiceId)));
  return row;
}

/** The card the customer pays with at the sandbox (its newest subscription's), last four only. */
export async function sandboxCardOf(db: DbOrTx, owner: TSubscriptionOwner): Promise<string | null> {
  const [sub] = await db
    .select({ last4: sandboxSubscriptions.cardLast4 })
    .from(sandboxSubscriptions)
    .where(ofOwner(sandboxSubscriptions, owner))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1);
  return sub?.last4 ?? null;
}
