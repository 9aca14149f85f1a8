import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/**
 * Signer groups of a business: a name and the members' addresses in signing order (kept as one
 * list: a group is read and replaced whole, and `maxParticipants` keeps it small).
 */
export const signerGroups = pgTable(
  'signer_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    members: jsonb('members').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('signer_groups_business_idx').on(t.businessId, t.createdAt)],
);

export type TSignerGroupRow = typeof signerGroups.$inferSelect;
