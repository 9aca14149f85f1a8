/** Seals (spec sections 2, 3 and 7: `/v1/businesses/{id}/seals…`), zod-free. */

/** An account name: what `/business/seals/{accountname}` and `sealAccountName` name a seal by. */
export const SEAL_ACCOUNT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,62}$/;

/** Longest display name of a seal (the certificate's common name, the visual signature). */
export const SEAL_DISPLAY_NAME_MAX_LENGTH = 64;

/** Seals one business may have. */
export const SEALS_MAX = 20;

/** Seal error codes. */
export const SEAL_ERRORS = {
  /** 403: the caller is not a member of the seal (nor an API user it is granted to). */
  notAllowed: 'SEAL_NOT_ALLOWED',
  /** 409: the business has SEALS_MAX seals. */
  tooMany: 'TOO_MANY_SEALS',
  /** 400: a user id that is no member of the business, or an unknown API user. */
  notInBusiness: 'NOT_IN_BUSINESS',
} as const;
