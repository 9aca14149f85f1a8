import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Signup confirmation links: one row per mail sent to an address without an account. The
 * token (only its SHA-256 is kept) is valid for 24 h and used once, at registration.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    flow: text('flow'),
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('email_confirmations_token_hash_key').on(t.tokenHash),
    index('email_confirmations_email_idx').on(t.email),
  ],
);

export type TEmailConfirmationRow = typeof emailConfirmations.$inferSelect;
