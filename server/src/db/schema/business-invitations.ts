import {
  INVITATION_SOURCES,
  INVITATION_STATUSES,
} from '@signet/shared/business/business.constants';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

/**
 * Invitations to a business, by address. While pending, `userId` is the invitee's account once
 * there is one: that account is then a member who has not answered (see business_members).
 * An address without an account is attached when it registers.
 */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Lowercased address invited. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: INVITATION_SOURCES }).notNull().default('invite'),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('business_invitations_pending_key')
      .on(t.businessId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index('business_invitations_email_idx').on(t.email).where(sql`${t.status} = 'pending'`),
    index('business_invitations_user_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

export type TBusinessInvitationRow = typeof businessInvitations.$inferSelect;
