import { index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { documents } from './documents.ts';
import { signatureRequests } from './signature-requests.ts';

/** Which documents a request carries, in order. */
export const requestDocuments = pgTable(
  'request_documents',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.documentId] }),
    index('request_documents_document_idx').on(t.documentId),
  ],
);
