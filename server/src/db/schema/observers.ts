import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { signatureRequests } from './signature-requests.ts';

/** People who follow a request without signing; matched to accounts by e-mail. */
export const observers = pgTable(
  'observers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('observers_request_email_key').on(t.requestId, t.email),
    index('observers_email_request_idx').on(t.email, t.requestId),
  ],
);
