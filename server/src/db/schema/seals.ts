import type { TSealQuality } from '@signet/shared/seal/seal.constants';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiUsers } from './api-users.ts';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

/**
 * A business's electronic seals: an account name, a display name, and a key pair with a
 * certificate naming the business — of the built-in CA (`seal.aes`) or of the trust service
 * (`seal.qes`); the private key is sealed under SIGNET_SECRET like the CA's (label `seal:<id>`).
 */
export const seals = pgTable(
  'seals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    displayName: text('display_name').notNull(),
    /** What its certificate was issued for; fixed for the seal's life. */
    quality: text('quality').$type<TSealQuality>().notNull().default('seal.aes'),
    /** DER, base64. */
    certificate: text('certificate').notNull(),
    keySealed: text('key_sealed').notNull(),
    /** Its image (blob keys): the PNG as stored, and the same pixels ready for a PDF. */
    imageKey: text('image_key'),
    pdfImageKey: text('pdf_image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seals_business_account_key').on(t.businessId, t.accountName)],
);

/** Members of the business who may seal with a seal. */
export const sealMembers = pgTable(
  'seal_members',
  {
    sealId: uuid('seal_id')
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.sealId, t.userId] }),
    index('seal_members_user_idx').on(t.userId),
  ],
);

/** API users of the business a seal is granted to. */
export const sealApiUsers = pgTable(
  'seal_api_users',
  {
    sealId: uuid('seal_id')
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    apiUserId: uuid('api_user_id')
      .notNull()
      .references(() => apiUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sealId, t.apiUserId] })],
);

export type TSealRow = typeof seals.$inferSelect;
