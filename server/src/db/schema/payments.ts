import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Events of the payment provider Signet has applied, by the provider's event id: a webhook
 * delivered twice is applied once.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The sandbox payment provider's own state (not in production): its setup intents, as Stripe
 * keeps them — status, what they are for (`metadata`) and where the card page returns to. No
 * card number is stored, only the last four digits, as Stripe shows them.
 */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  status: text('status').notNull().default('requires_payment_method'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  returnUrl: text('return_url').notNull(),
  cardLast4: text('card_last4'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
