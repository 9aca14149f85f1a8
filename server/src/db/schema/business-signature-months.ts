import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/**
 * Signatures per business, month (UTC) and quality: kept by a trigger on `business_signatures`
 * (migration 0012), so the totals of a period are the sum of its whole months plus an exact
 * count of its partial first and last month — the activity list's total and the statistics
 * stay fast however many signatures a business has.
 */
export const businessSignatureMonths = pgTable(
  'business_signature_months',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    quality: text('quality').notNull(),
    signatures: integer('signatures').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month, t.quality] })],
);
