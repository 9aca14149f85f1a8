import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

/**
 * The identifications a business is counted for (a member's, or a signer's in a member's
 * request), written by `recordBusinessIdentification` when an identification succeeds.
 */
export const businessIdentifications = pgTable(
  'business_identifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The identification's own id (at most one row each). */
    identificationId: text('identification_id').notNull(),
    userId: uuid('user_id'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** `member` or `invitation` (a signer invited by a member). */
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    legislation: text('legislation'),
    identifiedAt: timestamp('identified_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('business_identifications_ident_key').on(t.identificationId),
    index('business_identifications_at_idx').on(t.businessId, t.identifiedAt, t.id),
  ],
);

export type TBusinessIdentificationRow = typeof businessIdentifications.$inferSelect;
