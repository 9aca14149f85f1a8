import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's pending mobile confirmation (one row per person, replaced by every new code): the
 * number being confirmed, a keyed hash of the code (never the code), its expiry and the wrong
 * tries so far. Confirming moves the number to the account and deletes the row.
 */
export const mobileConfirmations = pgTable('mobile_confirmations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mobile: text('mobile').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type TMobileConfirmationRow = typeof mobileConfirmations.$inferSelect;
