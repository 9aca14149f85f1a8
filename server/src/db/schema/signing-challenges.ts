import { LEGISLATIONS, SIGNATURE_QUALITIES } from '@signet/shared/user/user.schema';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A TAN the trust service asked for before it issues a signer's certificate (AES, QES). One per
 * signing attempt: the batch to sign is kept, so the mobile confirmation (`POST /v3/{provider}/
 * proceed/{id}`) can finish it. Only a keyed hash of the TAN is stored; wrong tries count up to
 * the lock.
 */
export const signingChallenges = pgTable(
  'signing_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    quality: text('quality', { enum: SIGNATURE_QUALITIES }).notNull(),
    legislation: text('legislation', { enum: LEGISLATIONS }).notNull(),
    /** email or sms. */
    channel: text('channel').notNull(),
    /** Masked destination, as the person is told. */
    sentTo: text('sent_to').notNull(),
    tanHash: text('tan_hash').notNull(),
    /** The sign batch (request ids and options) the TAN confirms. */
    batch: jsonb('batch').notNull(),
    /** Sorted request ids of the batch: a TAN confirms exactly these. */
    requests: text('requests').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set once the TAN was right (a challenge serves one signing). */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('signing_challenges_user_idx').on(t.userId, t.createdAt)],
);

export type TSigningChallengeRow = typeof signingChallenges.$inferSelect;
