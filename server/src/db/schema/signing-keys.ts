import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Key material of the built-in CA and the platform signing certificate, created at first
 * start. Private keys are encrypted with a key derived from SIGNET_SECRET.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  encryptedKey: text('encrypted_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
