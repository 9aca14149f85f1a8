import { ACCOUNT_EVENT_TYPES } from '@signet/shared/business/business.constants';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/**
 * What happened to a business's accounts, domains and settings (the "accounts" activity):
 * who did it and to whom (`subject`: an address or a domain).
 */
export const businessEvents = pgTable(
  'business_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACCOUNT_EVENT_TYPES }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    subject: text('subject'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('business_events_business_at_idx').on(t.businessId, t.at, t.id)],
);

export type TBusinessEventRow = typeof businessEvents.$inferSelect;
