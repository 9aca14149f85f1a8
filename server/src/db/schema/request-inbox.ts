import {
  DASHBOARD_COLOURS,
  REQUEST_STATUSES,
} from '@signet/shared/signature-request/signature-request.constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { signatureRequests } from './signature-requests.ts';

/**
 * The dashboard's read model: one row per (participant address, request), with the request's
 * sortable fields copied. Written only by triggers (migration `request_inbox`) on
 * signature_requests, signers and observers, so every writer — including the signing service —
 * keeps it right. The list reads a page of it through an index on (email, sort key) and touches
 * only the rows of the page, however many requests a person has.
 */
export const requestInbox = pgTable(
  'request_inbox',
  {
    email: text('email').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    isOwner: boolean('is_owner').notNull().default(false),
    isSigner: boolean('is_signer').notNull().default(false),
    isObserver: boolean('is_observer').notNull().default(false),
    ownerId: uuid('owner_id').notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    /**
     * What the request is for this address (shared's `dashboardColour`: to-sign while this
     * address's signature is due, waiting while the request is open otherwise, draft, completed,
     * cancelled). Kept by the triggers of migration `request_inbox_colour`, so the list filters
     * by colour in the index and counts the filtered total.
     */
    colour: text('colour', { enum: DASHBOARD_COLOURS }).notNull().default('draft'),
    titleLower: text('title_lower').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** On the dashboard: a participant in some role, and the request not deleted. */
    visible: boolean('visible')
      .notNull()
      .generatedAlwaysAs(sql`(is_owner or is_signer or is_observer) and not deleted`),
  },
  (t) => [
    // Request first: the triggers find a request's rows (every participant) by it when the
    // request changes; an address's rows are found by the list's indexes below.
    primaryKey({ columns: [t.requestId, t.email] }),
    index('request_inbox_updated_idx').on(t.email, t.updatedAt, t.requestId).where(sql`visible`),
    index('request_inbox_created_idx').on(t.email, t.createdAt, t.requestId).where(sql`visible`),
    index('request_inbox_title_idx').on(t.email, t.titleLower, t.requestId).where(sql`visible`),
    index('request_inbox_status_idx').on(t.email, t.status, t.updatedAt).where(sql`visible`),
    // The dashboard's state filters (to sign, waiting, …), latest first.
    index('request_inbox_colour_idx')
      .on(t.email, t.colour, t.updatedAt, t.requestId)
      .where(sql`visible`),
    // sendBy=me/others (the dashboard's "sent by me" and "sent to me" tabs), latest first: only
    // the tab's rows are walked, not the whole inbox.
    index('request_inbox_party_updated_idx')
      .on(t.email, t.isOwner, t.updatedAt, t.requestId)
      .where(sql`visible`),
    // The list's search by participant address (`email like '%…%'`): a trigram index (pg_trgm),
    // so the matching requests are found without reading every inbox row. Every signature moves
    // each participant's row (its date), and a row that moves is entered in every index again:
    // new entries go to GIN's pending list and are merged in batches, by the writer that takes
    // the list over 64 kB (the smallest limit), so a search scans at most that much even on
    // PGlite, which has no autovacuum to merge it (README: "The database share of a signature").
    index('request_inbox_email_trgm_idx')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .with({ fastupdate: true, gin_pending_list_limit: 64 })
      .where(sql`visible`),
  ],
);

/**
 * A counter per address, raised (by the same triggers) in every transaction that changes that
 * address's inbox. Raises are serialised by the row lock, so a reader who sees the same version
 * twice knows nothing was committed in between: the list caches its totals against it.
 */
export const requestInboxVersions = pgTable('request_inbox_versions', {
  email: text('email').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The dashboard card of a request: what a list row shows that is the same for every viewer —
 * `{ title, status, created_at, updated_at, document_count, signers: [{ email, order, signed_at,
 * declined_at }] }`, dates as ISO strings in UTC, signers in signing order. Kept pre-built by
 * triggers (migration `request_cards_triggers`; updates of requests and signers: row triggers
 * on the shown columns, migration `read_model_row_triggers`) on signature_requests, signers
 * and request_documents, so a page of the list reads ready cards instead of aggregating signers
 * and documents per row; what differs per viewer (roles, colour) comes from the inbox row.
 */
export const requestCards = pgTable('request_cards', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => signatureRequests.id, { onDelete: 'cascade' }),
  card: json('card').notNull(),
});
