import { TAN_CHANNELS } from '@signet/shared/direct-sign/direct-sign.constants';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { signers } from './signers.ts';

/**
 * The current TAN of a direct signer (one row per signer, replaced by every resend). Only a keyed
 * hash of the code is kept. Wrong tries count up to the lock; a checked TAN (`verifiedAt`) lets
 * the signer sign until it expires, and the signature deletes the row.
 */
export const signerTans = pgTable('signer_tans', {
  signerId: uuid('signer_id')
    .primaryKey()
    .references(() => signers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash'),
  channel: text('channel', { enum: TAN_CHANNELS }).notNull(),
  /** Masked destination, as the signer is told. */
  sentTo: text('sent_to').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Wrong tries of the current code. */
  attempts: integer('attempts').notNull().default(0),
  /** After the last wrong try nothing is accepted or sent until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
});

export type TSignerTanRow = typeof signerTans.$inferSelect;
