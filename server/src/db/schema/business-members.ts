import { BUSINESS_ROLES } from '@signet/shared/business/business.schema';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

/**
 * Who belongs to which business, and as what. A user belongs to at most one business (the
 * one `GET /v2/businesses/user` returns). An invitee who has not answered yet is a member whose
 * user has `accepted_business_invite = false`; business calls treat them as a non-member until
 * they accept. A deferred trigger (migration 0012) refuses a commit that leaves a business with
 * members but no admin.
 */
export const businessMembers = pgTable(
  'business_members',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: BUSINESS_ROLES }).notNull(),
    /** The cost centre the member's usage is reported under ('' for none). */
    costCentre: text('cost_centre').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId] }),
    uniqueIndex('business_members_user_key').on(t.userId),
    index('business_members_business_idx').on(t.businessId),
  ],
);

export type TBusinessMemberRow = typeof businessMembers.$inferSelect;
