import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Maintenance announcement: a single row with id 1 (enforced by a check constraint). No row
 * means no maintenance.
 */
export const maintenance = pgTable(
  'maintenance',
  {
    id: integer('id').primaryKey().default(1),
    status: text('status', { enum: ['none', 'scheduled', 'in_progress'] })
      .notNull()
      .default('none'),
    isBlocking: boolean('is_blocking').notNull().default(false),
    url: text('url'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('maintenance_single_row', sql`${t.id} = 1`)],
);
