/** Business enums and limits (spec section 3), zod-free; `business.schema.ts` re-exports them. */

/** Roles a user holds in a business; an admin is also a member. */
export const BUSINESS_ROLES = ['admin', 'member'] as const;
export type TBusinessRole = (typeof BUSINESS_ROLES)[number];

/** Longest business name. */
export const BUSINESS_NAME_MAX_LENGTH = 200;
