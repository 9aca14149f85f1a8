import type { TBusinessSettings } from '@signet/shared/business/business.schema';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The settings a business has stored; missing ones take their defaults (see business-dto.ts). */
export type TStoredBusinessSettings = Partial<TBusinessSettings>;

/** Businesses (minimal: identity and contact; members live in `business_members`). */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  /** `settings` of spec section 3 (so far the support contact), validated by shared's schema. */
  settings: jsonb('settings').$type<TStoredBusinessSettings>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  gtcAcceptedAt: timestamp('gtc_accepted_at', { withTimezone: true, mode: 'date' }),
  dpaAcceptedAt: timestamp('dpa_accepted_at', { withTimezone: true, mode: 'date' }),
});

export type TBusinessRow = typeof businesses.$inferSelect;
