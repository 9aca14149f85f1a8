import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

/**
 * API users of a business: `username` and a key for HTTP Basic auth on the v3 request API. The
 * key is stored as its SHA-256 (256 random bits: a slow hash adds nothing) and, sealed with
 * `SIGNET_SECRET`, for signing the callbacks of the requests it creates. Each API user acts
 * through an account of its own (`userId`, no password, an address under `.invalid` that gets no
 * mail), so requests and documents it creates have an owner like any other.
 */
export const apiUsers = pgTable(
  'api_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key sealed under SIGNET_SECRET (label `api-key`): the callbacks' HMAC key. */
    keySealed: text('key_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    keyResetAt: timestamp('key_reset_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_users_username_key').on(t.username),
    uniqueIndex('api_users_user_key').on(t.userId),
    index('api_users_business_idx').on(t.businessId, t.createdAt),
  ],
);

export type TApiUserRow = typeof apiUsers.$inferSelect;
