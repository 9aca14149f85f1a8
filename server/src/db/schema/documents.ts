import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StampPlan, StampSpace } from '../../pdf/stamp/plan.ts';
import { users } from './users.ts';

/**
 * Uploaded PDFs. The original bytes stay in the blob store under `blobKey` (their SHA-256);
 * every signature appends an incremental update and moves `currentBlobKey` to the new
 * version, so the original is always a byte-identical prefix of the current one.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    size: integer('size').notNull(),
    pageCount: integer('page_count').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    currentBlobKey: text('current_blob_key').notNull(),
    /** SHA-256 of the latest signed version; null until the first signature. */
    signedSha256: text('signed_sha256'),
    /**
     * Where the stamps of signers without a placement go (pdf/stamp/plan.ts), decided at the
     * first signature; null before it (and for documents signed before plans existed).
     */
    stampPlan: jsonb('stamp_plan').$type<StampPlan>(),
    /** The last page's blank space, measured in the background after the upload. */
    stampSpace: jsonb('stamp_space').$type<StampSpace>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('documents_owner_idx').on(t.ownerId)],
);

export type TDocumentRow = typeof documents.$inferSelect;
