import { LANG_CODES } from '@signet/shared/i18n/lang.rules';
import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import { LEGISLATIONS, SIGNATURE_QUALITIES } from '@signet/shared/user/user.schema';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { signatureRequests } from './signature-requests.ts';
import type { TUserIdentity } from './users.ts';

/**
 * The signers of a request (the API's "signatures", `sid` = id). A signer is matched to an
 * account by e-mail; their status is derived (see `signerStatus` in shared) from these facts.
 */
export const signers = pgTable(
  'signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    /** Lowercased address the signer signs as. */
    email: text('email').notNull(),
    /** account_email as given, when the signer was named by account. */
    accountEmail: text('account_email'),
    order: integer('order').notNull().default(0),
    documentSignatures: jsonb('document_signatures')
      .$type<TDocumentSignature[]>()
      .notNull()
      .default([]),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    signingName: text('signing_name'),
    /** What the request asks of this signer (spec: a quality and legislation per signer). */
    signatureLevel: text('signature_level', { enum: SIGNATURE_QUALITIES }),
    legislation: text('legislation', { enum: LEGISLATIONS }),
    /** The quality the signer signed with, once signed. */
    signedQuality: text('signed_quality', { enum: SIGNATURE_QUALITIES }),
    declinedAt: timestamp('declined_at', { withTimezone: true, mode: 'date' }),
    declineMessage: text('decline_message'),
    /** When the invitation went out (at initiate, or when the signer's turn came). */
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true, mode: 'date' }),
    delegatedFrom: text('delegated_from'),
    /** Last time the signer opened the request; "viewed" is logged at most once an hour. */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Random token of the invitation's "not your address?" link (`/sendto/{token}`): whoever has
     * the mail may move the slot to their own account. Replaced when the slot changes hands.
     */
    claimToken: text('claim_token').notNull(),
    /**
     * Set for a direct signer (role nas): random, never shown. The signing link's `userid` is
     * derived from it, the request id, the signer id and the server secret, so the database
     * alone does not reveal a link; replacing it revokes the link.
     */
    directNonce: text('direct_nonce'),
    /** Names the creator gave (prefilled when signing; a direct signer may change them). */
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Mobile number for SMS codes (E.164), as the creator gave it. */
    mobile: text('mobile'),
    /** Language of the direct pages and mails (`en`, `de`, `fr`, `it`); null: the owner's. */
    lang: text('lang', { enum: LANG_CODES }),
    /**
     * A direct signer's proven identity (their identification through the link; the slot's
     * certificates name it). Null until one succeeded; accounts keep theirs on `users`.
     */
    identity: jsonb('identity').$type<TUserIdentity>(),
    /** Identification providers whose terms of use the direct signer accepted. */
    acceptedTou: jsonb('accepted_tou').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('signers_request_idx').on(t.requestId, t.order),
    // The dashboard finds "requests sent to me" by address.
    index('signers_email_request_idx').on(t.email, t.requestId),
    uniqueIndex('signers_claim_token_key').on(t.claimToken),
  ],
);

export type TSignerRow = typeof signers.$inferSelect;
