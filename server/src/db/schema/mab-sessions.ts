import { MAB_SIGNING_STATUSES } from '@signet/shared/direct-sign/direct-sign.constants';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { signatureRequests } from './signature-requests.ts';
import { signers } from './signers.ts';

/**
 * One attempt of a direct signer to sign in the mobile app (MAB): created with the pushed
 * authorisation request, finished once by `redirect-sign`. Only the SHA-256 of the `state`
 * (the redirect's single-use handle) is kept.
 */
export const mabSessions = pgTable(
  'mab_sessions',
  {
    stateHash: text('state_hash').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** The signing page's exit-url query, handed back with the result. */
    redirectQueryParams: text('redirect_query_params').notNull(),
    /** The provider's handle of the pushed authorisation request. */
    providerRequestUri: text('provider_request_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set once redirect-sign ran: the result it gave. */
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    signingStatus: text('signing_status', { enum: MAB_SIGNING_STATUSES }),
  },
  (t) => [index('mab_sessions_signer_idx').on(t.signerId)],
);

/**
 * The sandbox MAB provider's own records (what a real provider keeps on its side): each pushed
 * authorisation request, the app's decision and the single-use code it issued.
 */
export const mabSandboxRequests = pgTable('mab_sandbox_requests', {
  requestUri: text('request_uri').primaryKey(),
  state: text('state').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** What the app shows: who signs what. */
  bindingMessage: text('binding_message').notNull(),
  signerName: text('signer_name').notNull(),
  language: text('language').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** approved | declined | failed, once the person answered in the app. */
  outcome: text('outcome'),
  codeHash: text('code_hash'),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
});
