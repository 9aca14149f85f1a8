import { z } from 'zod';
import { ZEmailSchema } from '../user/user.schema.ts';
import { isPhone } from '../validation/validation.rules.ts';

/** Roles a user holds in a business; an admin is also a member. */
export const BUSINESS_ROLES = ['admin', 'member'] as const;
export type TBusinessRole = (typeof BUSINESS_ROLES)[number];

/**
 * A business (minimal: what roles need). `members` holds every member's user id, admins
 * included; `admins` the admins' ids.
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
  createdAt: z.iso.datetime(),
  gtcAcceptedAt: z.iso.datetime().nullable(),
  dpaAcceptedAt: z.iso.datetime().nullable(),
});
export type TBusiness = z.infer<typeof ZBusinessSchema>;

/** `POST /v2/businesses`: the caller becomes its first admin. */
export const ZCreateBusinessSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  email: ZEmailSchema,
  phone: z.string().trim().refine(isPhone, { error: 'Invalid format.' }).optional(),
});
export type TCreateBusiness = z.infer<typeof ZCreateBusinessSchema>;

/** Path parameters of `/v1/businesses/{id}`. */
export const ZBusinessIdParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
