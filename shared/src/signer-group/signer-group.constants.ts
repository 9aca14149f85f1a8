/** Signer groups (spec sections 2, 3 and 7: `/v3/groups`), zod-free. */

/** Longest name of a signer group. */
export const SIGNER_GROUP_NAME_MAX_LENGTH = 100;

/**
 * Signer-group error codes. The limits come from the business settings
 * (`signerGroups.maxGroups`, `signerGroups.maxParticipants`; 0 = the feature is off).
 */
export const SIGNER_GROUP_ERRORS = {
  /** 403: the caller's business has no signer groups (maxGroups 0), or the caller has no business. */
  off: 'SIGNER_GROUPS_NOT_AVAILABLE',
  /** 409: the business has maxGroups groups already. */
  tooMany: 'TOO_MANY_SIGNER_GROUPS',
  /** 400: more members than maxParticipants. */
  tooManyMembers: 'TOO_MANY_GROUP_MEMBERS',
  /** 400: an address named twice in one group. */
  duplicateMember: 'DUPLICATE_GROUP_MEMBER',
} as const;
