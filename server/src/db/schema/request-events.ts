import { EVENT_TYPES } from '@signet/shared/signature-request/signature-request.schema';
import {
  bigserial,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The evidence log: append-only and hash-chained per request. Each entry's `hash` is the
 * SHA-256 over its canonical content and `prevHash` (the previous entry's hash), so an edited
 * or removed entry breaks the chain. A trigger in the migration refuses UPDATE and DELETE.
 * No foreign key to the request: evidence outlives a deleted request.
 */
export const requestEvents = pgTable(
  'request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id').notNull(),
    seq: integer('seq').notNull(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    documentSha256: jsonb('document_sha256').$type<string[]>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('request_events_request_seq_key').on(t.requestId, t.seq)],
);

export type TRequestEventRow = typeof requestEvents.$inferSelect;
