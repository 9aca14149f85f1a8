import type { TInvoiceLine } from '@signet/shared/billing/billing.schema';
import type { TDiscount, TVat } from '@signet/shared/billing/pricing.rules';
import type { TVatDto } from '@signet/shared/billing/pricing.schema';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

/**
 * The sandbox payment provider's subscriptions (not in production), as Stripe keeps them: one per
 * business that bought a plan, or per user who bought the individual plan (its customer is one of
 * the two) — its plan, cycle, currency, seats and price per seat (minor units),
 * the current period, whether it ends at the period's end (`cancel_at_period_end`), and the last
 * four digits of the card it charges.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    plan: text('plan').notNull(),
    cycle: text('cycle').notNull(),
    currency: text('currency').notNull(),
    seats: integer('seats').notNull(),
    /** The price of one seat (or of the plan when not per seat) for one period, minor units. */
    unitAmount: integer('unit_amount').notNull(),
    perSeat: boolean('per_seat').notNull().default(true),
    cardLast4: text('card_last4').notNull(),
    /** Where every period is counted from (Stripe's `billing_cycle_anchor`); null on older rows. */
    billingCycleAnchor: timestamp('billing_cycle_anchor', { withTimezone: true, mode: 'date' }),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The VAT its invoices charge (Stripe: the subscription's tax rate), set by Signet. */
    vat: jsonb('vat').$type<TVat>(),
    /** The coupons on it, each with when it is used up (ISO; null: never). */
    discounts: jsonb('discounts')
      .$type<(TDiscount & { endsAt: string | null })[]>()
      .notNull()
      .default([]),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_subscriptions_business_idx').on(t.businessId),
    index('sandbox_subscriptions_user_idx').on(t.userId),
    check(
      'sandbox_subscriptions_one_customer',
      sql`(${t.businessId} is null) <> (${t.userId} is null)`,
    ),
  ],
);

/**
 * The sandbox's invoices: one per paid period and one per seat increase (its proration), paid by
 * the subscription's card at once — or, when the card's charges fail, `open` with Stripe's
 * `attempt_count` and `next_payment_attempt` (the retry schedule) until a card pays it (`paid`)
 * or the retries are used up (`uncollectible`). Amounts in minor units; `number` counts per
 * customer.
 */
export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    number: text('number').notNull(),
    status: text('status').notNull().default('paid'),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<TInvoiceLine[]>().notNull(),
    /** The sum of the lines (net); null on invoices from before VAT was invoiced. */
    subtotal: integer('subtotal'),
    vat: jsonb('vat').$type<TVatDto>(),
    total: integer('total').notNull(),
    cardLast4: text('card_last4').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    /** How often the invoice was charged (Stripe's `attempt_count`). */
    attemptCount: integer('attempt_count').notNull().default(1),
    /** When an open invoice is charged again (Stripe's `next_payment_attempt`; null: never). */
    nextPaymentAttempt: timestamp('next_payment_attempt', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_invoices_business_idx').on(t.businessId, t.createdAt),
    index('sandbox_invoices_user_idx').on(t.userId, t.createdAt),
    check('sandbox_invoices_one_customer', sql`(${t.businessId} is null) <> (${t.userId} is null)`),
  ],
);

export type TSandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type TSandboxInvoiceRow = typeof sandboxInvoices.$inferSelect;
