import type { TCallbackUrls } from '@signet/shared/api-user/api-user.schema';
import type { TExitUrlState } from '@signet/shared/exit-url/exit-url.rules';
import { REQUEST_STATUSES } from '@signet/shared/signature-request/signature-request.schema';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

/**
 * Signature requests. Deleting one sets `deletedAt` (the evidence log stays); status moves
 * as ARCHITECTURE.md's domain model says, checked by `checkAction` in shared.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The business the owner sent it for: set by a trigger at creation (the owner's business,
     * when they are a member who accepted), cleared when they leave. Its settings (Part 11,
     * branding, attachments, retention) apply, and its signatures are counted for it.
     */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('DRAFT'),
    /** Blob key of the signed protocol, built when the last signer has signed. */
    protocolBlobKey: text('protocol_blob_key'),
    /** While a signature is being applied the request is locked until this time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    initiatedAt: timestamp('initiated_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** When the completion notice went out (sent once, by `notifyNextSigners`). */
    completionNotifiedAt: timestamp('completion_notified_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Direct signers are allowed (the per-request switch; see `directSignAllowed`). */
    directSign: boolean('direct_sign').notNull().default(false),
    /** Where direct signers go afterwards, as parsed by the shared exit-url rules. */
    exitUrls: jsonb('exit_urls').$type<TExitUrlState>(),
    /**
     * When the request expires while OPEN (the expiry sweep moves it to EXPIRED). Chosen by the
     * sender, else set when it is sent (`defaultExpiry`); a draft may have none yet.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Days between automatic reminders to the signer whose turn it is; null: none. */
    reminderIntervalDays: integer('reminder_interval_days'),
    /** When it was declined, withdrawn or expired. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** The owner's message when withdrawing (a decline's is the signer's `declineMessage`). */
    withdrawMessage: text('withdraw_message'),
    /**
     * Where Signet POSTs the request's status (a request created by an API user): the event log
     * trigger of migration 0015 queues an `api-callback` job for each event of such a request.
     */
    callbackUrls: jsonb('callback_urls').$type<TCallbackUrls>(),
    /** The API user that created it (its key signs the callbacks). */
    apiUserId: uuid('api_user_id'),
  },
  (t) => [
    index('signature_requests_owner_updated_idx')
      .on(t.ownerId, t.updatedAt)
      .where(sql`${t.deletedAt} is null`),
    index('signature_requests_status_idx').on(t.status),
    index('signature_requests_business_idx')
      .on(t.businessId, t.status)
      .where(sql`${t.deletedAt} is null and ${t.businessId} is not null`),
    // The expiry and reminder sweeps read only open requests.
    index('signature_requests_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'OPEN' and ${t.deletedAt} is null`),
    index('signature_requests_auto_remind_idx')
      .on(t.id)
      .where(
        sql`${t.status} = 'OPEN' and ${t.reminderIntervalDays} is not null and ${t.deletedAt} is null`,
      ),
  ],
);

export type TSignatureRequestRow = typeof signatureRequests.$inferSelect;
