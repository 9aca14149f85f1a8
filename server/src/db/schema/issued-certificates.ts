import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every certificate the built-in CA issued, by serial number: what its OCSP responder answers
 * "good" for (a serial it never issued is "unknown") and what its CRL lists once revoked.
 */
export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    /** Lowercase hex of the serial number, without leading zero bytes. */
    serial: text('serial').primaryKey(),
    /** What it is for: root, platform, tsa, ocsp, signer (a per-signer certificate). */
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true, mode: 'date' }).notNull(),
    /** DER, base64. */
    certificate: text('certificate').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** RFC 5280 CRLReason code. */
    revocationReason: smallint('revocation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('issued_certificates_revoked_idx').on(t.revokedAt).where(sql`${t.revokedAt} is not null`),
  ],
);

export type TIssuedCertificateRow = typeof issuedCertificates.$inferSelect;
