import { z } from 'zod';
import {
  SEAL_ACCOUNT_NAME_PATTERN,
  SEAL_DISPLAY_NAME_MAX_LENGTH,
  SEAL_QUALITIES,
} from './seal.constants.ts';

export * from './seal.constants.ts';

/** One seal of the list (spec section 3: accountName, displayName, amountApiKeys, amountMembers). */
export const ZSealListItemSchema = z.object({
  accountName: z.string(),
  displayName: z.string(),
  amountApiKeys: z.int(),
  amountMembers: z.int(),
});
export type TSealListItem = z.infer<typeof ZSealListItemSchema>;

export const ZSealListSchema = z.array(ZSealListItemSchema);
export type TSealList = z.infer<typeof ZSealListSchema>;

/** One seal with who may use it and its certificate. */
export const ZSealSchema = ZSealListItemSchema.extend({
  /** See SEAL_QUALITIES. */
  quality: z.enum(SEAL_QUALITIES),
  /** The certificate's subject, e.g. `CN=Invoices, O=Muster AG`. */
  certificateSubject: z.string(),
  certificateNotAfter: z.string(),
  /** Whether it has an image (`GET …/seals/{seal}/image`, PNG) for its visual signature. */
  hasImage: z.boolean(),
  members: z.array(z.object({ id: z.string(), email: z.string() })),
  /** Usernames of the API users it is granted to. */
  apiUsers: z.array(z.string()),
  createdAt: z.string(),
});
export type TSeal = z.infer<typeof ZSealSchema>;

export const ZSealParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  seal: z.string().regex(SEAL_ACCOUNT_NAME_PATTERN),
});
export type TSealParams = z.infer<typeof ZSealParamsSchema>;

/**
 * `PUT …/seals/{seal}`: the display name and the API users it is granted to. A seal that does
 * not exist yet is created by it (its key and certificate issued then, for `quality`, default
 * `seal.aes`); an existing seal keeps its quality (another one: 409 SEAL_QUALITY_FIXED).
 */
export const ZSealInputSchema = z.strictObject({
  displayName: z.string().trim().min(1).max(SEAL_DISPLAY_NAME_MAX_LENGTH),
  quality: z.enum(SEAL_QUALITIES).optional(),
  apiUsers: z.array(z.string().max(100)).max(100).optional(),
});
export type TSealInput = z.infer<typeof ZSealInputSchema>;

/** `POST/DELETE …/seals/{seal}/members`: user ids of members of the business. */
export const ZSealMembersSchema = z.strictObject({
  members: z.array(z.string().max(100)).min(1).max(500),
});
export type TSealMembers = z.infer<typeof ZSealMembersSchema>;
