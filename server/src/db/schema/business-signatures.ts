import {
  bigint,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/**
 * The signatures a business is counted for: one row per 'signed' event of a request one of its
 * members sent, written by a trigger on `request_events` (migration 0012) as the event records
 * it (quality, signer) and as the member was then (address, name, cost centre). The activity
 * list, the CSV export and the statistics read it; it stays when the member leaves or the
 * request is deleted. `quality` is open: whatever the event names.
 */
export const businessSignatures = pgTable(
  'business_signatures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    requestId: uuid('request_id').notNull(),
    title: text('title').notNull(),
    signerEmail: text('signer_email').notNull(),
    memberId: uuid('member_id'),
    memberEmail: text('member_email').notNull(),
    memberName: text('member_name').notNull(),
    costCentre: text('cost_centre').notNull(),
    quality: text('quality').notNull(),
    legislation: text('legislation'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('business_signatures_event_key').on(t.eventId),
    // One per sortable column, in the list's order (the column, then the id) and with the date
    // the period filters on: a page's ids are read from the index alone, in order, whatever the
    // sort and however deep the page (the rows are fetched for those ids only).
    index('business_signatures_signed_idx').on(t.businessId, t.signedAt, t.id),
    index('business_signatures_member_idx').on(t.businessId, t.memberEmail, t.id, t.signedAt),
    index('business_signatures_signer_idx').on(t.businessId, t.signerEmail, t.id, t.signedAt),
    index('business_signatures_quality_idx').on(t.businessId, t.quality, t.id, t.signedAt),
    index('business_signatures_cost_centre_idx').on(t.businessId, t.costCentre, t.id, t.signedAt),
    index('business_signatures_title_idx').on(t.businessId, t.title, t.id, t.signedAt),
  ],
);

export type TBusinessSignatureRow = typeof businessSignatures.$inferSelect;
