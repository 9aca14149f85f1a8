import { z } from 'zod';
import {
  ZEmailSchema,
  ZOptionalEmailSchema,
  ZOptionalPhoneSchema,
  ZPhoneSchema,
} from '../validation/validation.schema.ts';
import { BUSINESS_NAME_MAX_LENGTH } from './business.constants.ts';

export * from './business.constants.ts';

/** A business's support contact (spec section 3, `settings.supportContact`); '' when unset. */
export const ZSupportContactSchema = z.object({ email: z.string(), phone: z.string() });
export type TSupportContact = z.infer<typeof ZSupportContactSchema>;

/** The business settings the server keeps so far (issue 8 adds the rest of spec section 3). */
export const ZBusinessSettingsSchema = z.object({ supportContact: ZSupportContactSchema });
export type TBusinessSettings = z.infer<typeof ZBusinessSettingsSchema>;

/**
 * A business. `members` holds every member's user id, admins included; `admins` the admins' ids.
 */
export const ZBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  admins: z.array(z.string()),
  members: z.array(z.string()),
  invitedMembers: z.array(z.string()),
  domains: z.array(z.string()),
  settings: ZBusinessSettingsSchema,
  createdAt: z.iso.datetime(),
  gtcAcceptedAt: z.iso.datetime().nullable(),
  dpaAcceptedAt: z.iso.datetime().nullable(),
});
export type TBusiness = z.infer<typeof ZBusinessSchema>;

/** `GET /v2/businesses/user`: the caller's business, `null` when they belong to none. */
export const ZUserBusinessSchema = ZBusinessSchema.nullable();
export type TUserBusiness = z.infer<typeof ZUserBusinessSchema>;

const ZBusinessNameSchema = z.string().trim().min(1).max(BUSINESS_NAME_MAX_LENGTH);

/** `POST /v2/businesses`: the caller becomes its first admin. */
export const ZCreateBusinessSchema = z.strictObject({
  name: ZBusinessNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema.optional(),
});
export type TCreateBusiness = z.infer<typeof ZCreateBusinessSchema>;

/**
 * `PUT /v1/businesses/{id}` (admin): name, e-mail, phone and the support contact. Fields left
 * out stay as they are; an empty phone or support value clears it.
 */
export const ZUpdateBusinessSchema = z.strictObject({
  name: ZBusinessNameSchema.optional(),
  email: ZEmailSchema.optional(),
  phone: ZOptionalPhoneSchema.nullable().optional(),
  supportContact: z
    .strictObject({
      email: ZOptionalEmailSchema.optional(),
      phone: ZOptionalPhoneSchema.optional(),
    })
    .optional(),
});
export type TUpdateBusiness = z.infer<typeof ZUpdateBusinessSchema>;

/** Path parameters of `/v1/businesses/{id}…`. */
export const ZBusinessIdParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
export type TBusinessIdParams = z.infer<typeof ZBusinessIdParamsSchema>;

/** One admin of a business (`GET /v1/businesses/{id}/admins`). */
export const ZBusinessAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** When they became an admin (joined the business as one, or were promoted). */
  since: z.iso.datetime(),
});
export type TBusinessAdmin = z.infer<typeof ZBusinessAdminSchema>;

/** `GET /v1/businesses/{id}/admins`: every admin, the longest-standing first. */
export const ZBusinessAdminListSchema = z.object({ items: z.array(ZBusinessAdminSchema) });
export type TBusinessAdminList = z.infer<typeof ZBusinessAdminListSchema>;
