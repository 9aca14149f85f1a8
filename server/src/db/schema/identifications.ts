import {
  IDENT_PROVIDER_METHODS,
  IDENT_PROVIDERS,
  IDENT_STATUSES,
} from '@signet/shared/identification/identification.constants';
import type { TEidData } from '@signet/shared/identification/identification.schema';
import { LEGISLATIONS } from '@signet/shared/user/user.schema';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { signers } from './signers.ts';
import { users } from './users.ts';

/**
 * Identifications booked with a provider (spec section 4). `status` is what the provider last
 * reported (initialized → inprogress → success | failure) or cancelled when the person gave up.
 * Only a success raises a quality: AES, and QES when `qualified`. `verified` is what the
 * provider confirmed (names, birth date, nationality): the subject of the person's certificates.
 * The person is an account (`user_id`) or a direct signer's slot (`signer_id`, role nas: the
 * identity then belongs to that slot only), never both.
 */
export const identifications = pgTable(
  'identifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A direct signer's slot (no account): the identity proven is that slot's. */
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: IDENT_PROVIDERS }).notNull(),
    method: text('method', { enum: IDENT_PROVIDER_METHODS }).notNull(),
    legislation: text('legislation', { enum: LEGISLATIONS }).notNull(),
    qualified: boolean('qualified').notNull(),
    status: text('status', { enum: IDENT_STATUSES }).notNull().default('initialized'),
    /** The provider's own reference (what its webhooks name). */
    providerRef: text('provider_ref').notNull(),
    /** Where the person identifies (the provider's page). */
    identUrl: text('ident_url'),
    signatureRequestId: uuid('signature_request_id'),
    /** What the person supplied before identifying. */
    eidData: jsonb('eid_data').$type<TEidData>(),
    /** What the provider verified (set on success). */
    verified: jsonb('verified').$type<TEidData>(),
    /** The mobile number at the time of the identification (mobile signing checks it). */
    mobile: text('mobile'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('identifications_user_idx').on(t.userId, t.createdAt),
    index('identifications_signer_idx').on(t.signerId, t.createdAt),
    check('identifications_one_person', sql`(${t.userId} is null) <> (${t.signerId} is null)`),
    index('identifications_provider_ref_idx').on(t.providerRef),
    // One identification under way per person and provider method.
    index('identifications_open_idx')
      .on(t.userId, t.provider, t.method)
      .where(sql`${t.status} in ('initialized', 'inprogress')`),
  ],
);

export type TIdentificationRow = typeof identifications.$inferSelect;
