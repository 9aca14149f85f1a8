import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { signatureRequests } from './signature-requests.ts';

/** Files attached to a request besides the PDFs to sign. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('attachments_request_idx').on(t.requestId)],
);
