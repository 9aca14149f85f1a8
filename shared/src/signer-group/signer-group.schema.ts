import { z } from 'zod';
import { ZEmailSchema } from '../validation/validation.schema.ts';
import { SIGNER_GROUP_NAME_MAX_LENGTH } from './signer-group.constants.ts';

export * from './signer-group.constants.ts';

/** A signer group of the caller's business (spec section 3: id, members). */
export const ZSignerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.int(),
  /** The members' addresses, in the order they sign; only with `includeMembers=true` in lists. */
  members: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSignerGroup = z.infer<typeof ZSignerGroupSchema>;

export const ZSignerGroupListSchema = z.array(ZSignerGroupSchema);
export type TSignerGroupList = z.infer<typeof ZSignerGroupListSchema>;

/** `POST /v3/groups` and `PUT /v3/groups/{id}`: the name and the members' addresses. */
export const ZSignerGroupInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(SIGNER_GROUP_NAME_MAX_LENGTH),
  members: z.array(ZEmailSchema).min(1).max(1000),
});
export type TSignerGroupInput = z.infer<typeof ZSignerGroupInputSchema>;

export const ZSignerGroupParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
export type TSignerGroupParams = z.infer<typeof ZSignerGroupParamsSchema>;

/** `GET /v3/groups[/{id}]?includeMembers=true`. */
export const ZSignerGroupQuerySchema = z.strictObject({
  includeMembers: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TSignerGroupQuery = z.infer<typeof ZSignerGroupQuerySchema>;
