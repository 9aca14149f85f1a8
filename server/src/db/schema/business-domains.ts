import { DOMAIN_STATUSES } from '@signet/shared/business/business.constants';
import { sql } from 'drizzle-orm';
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

/**
 * The domains of a business, verified by a DNS TXT record (`domainRecord` in shared) holding
 * `token`. A domain is verified for one business at most.
 */
export const businessDomains = pgTable(
  'business_domains',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    status: text('status', { enum: DOMAIN_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** A pending domain is checked until then, and is failed after it. */
    checkUntil: timestamp('check_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.domain] }),
    uniqueIndex('business_domains_verified_key').on(t.domain).where(sql`${t.status} = 'verified'`),
    index('business_domains_pending_idx').on(t.checkUntil).where(sql`${t.status} = 'pending'`),
  ],
);

export type TBusinessDomainRow = typeof businessDomains.$inferSelect;
