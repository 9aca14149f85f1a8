import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/**
 * A change of a business's subscription Signet is about to ask the payment provider for (a plan
 * change, a seat count), written and committed before the provider is called: its id is the
 * call's idempotency key, so when the provider takes the change and Signet's commit fails, asking
 * for the same change again reuses the key and the provider makes it once. Cleared when a change
 * of the business commits.
 */
export const providerChanges = pgTable(
  'provider_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** What is changed: `plan` (plan, cycle, currency, seats) or `seats`. */
    kind: text('kind', { enum: ['plan', 'seats'] }).notNull(),
    /** The change asked for as canonical JSON of its fields: the same fields are the same change. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_changes_same_idx').on(t.businessId, t.kind, t.fingerprint)],
);
