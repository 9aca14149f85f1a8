import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const PAGE_RENDER_STATUSES = ['rendering', 'done', 'failed'] as const;
export type TPageRenderStatus = (typeof PAGE_RENDER_STATUSES)[number];

/**
 * Page images of a PDF version (by its SHA-256), one row per page and scale, shared by every
 * server instance:
 * - `rendering`: claimed by one instance until `leaseUntil` (nobody else draws it meanwhile; a
 *   claim whose lease ran out, e.g. after a crash, may be taken over);
 * - `done`: the PNG is in the blob store (`render/<sha256>/<page>@<scale>.png`), `bytes` long;
 *   the sum per document is held to a budget (pdf/limits.ts), oldest first out;
 * - `failed`: the page cannot be drawn; `error` is the 4xx answered until the row is retried.
 */
export const pageRenders = pgTable(
  'page_renders',
  {
    sha256: text('sha256').notNull(),
    page: integer('page').notNull(),
    scale: integer('scale').notNull(),
    status: text('status', { enum: PAGE_RENDER_STATUSES }).notNull(),
    bytes: integer('bytes').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    error: jsonb('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.page, t.scale] })],
);

export type TPageRenderRow = typeof pageRenders.$inferSelect;
