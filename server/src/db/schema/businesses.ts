import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Businesses (minimal: identity and contact; members live in `business_members`). */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  gtcAcceptedAt: timestamp('gtc_accepted_at', { withTimezone: true, mode: 'date' }),
  dpaAcceptedAt: timestamp('dpa_accepted_at', { withTimezone: true, mode: 'date' }),
});

export type TBusinessRow = typeof businesses.$inferSelect;
