import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The head (last seq and hash) of each request's evidence chain. Written in the same
 * transaction as every event, locked while an event is appended (so concurrent events chain
 * one after another), and compared with the log's last entry by `verifyChain`: without it,
 * removing the newest entries would leave a shorter chain that still verifies.
 */
export const requestEventHeads = pgTable('request_event_heads', {
  requestId: uuid('request_id').primaryKey(),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});
