import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The sandbox's DNS zone (test mode only): TXT records a tester publishes at `/sandbox/dns`, read
 * by the sandbox domain verifier instead of real DNS.
 */
export const sandboxDnsRecords = pgTable(
  'sandbox_dns_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Fully qualified name, lowercased, without the trailing dot. */
    name: text('name').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_dns_records_name_idx').on(t.name)],
);
