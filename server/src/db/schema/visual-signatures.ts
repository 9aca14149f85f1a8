import { LEGISLATIONS, SIGNATURE_QUALITIES } from '@signet/shared/user/user.schema';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's visual signatures (spec section 3): what their stamp shows. The image (drawn or
 * uploaded, re-encoded as PNG on a worker) is a blob; its key and size are kept here. At most
 * one is the default.
 */
export const visualSignatures = pgTable(
  'visual_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    /** The company line (`optionalLine` in the API). */
    company: text('company'),
    language: text('language').notNull().default('en'),
    location: text('location'),
    quality: text('quality', { enum: SIGNATURE_QUALITIES }),
    legislation: text('legislation', { enum: LEGISLATIONS }),
    provider: text('provider'),
    displayDate: boolean('display_date').notNull().default(true),
    displayClaim: boolean('display_claim').notNull().default(true),
    displayStandards: boolean('display_standards').notNull().default(true),
    displayQr: boolean('display_qr').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    imageKey: text('image_key'),
    /** The image's pixels ready for a PDF (deflated RGB and alpha), so signing decodes nothing. */
    pdfImageKey: text('pdf_image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('visual_signatures_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('visual_signatures_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type TVisualSignatureRow = typeof visualSignatures.$inferSelect;
