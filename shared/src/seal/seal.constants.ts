/** Seals (spec sections 2, 3 and 7: `/v1/businesses/{id}/seals…`), zod-free. */

/** An account name: what `/business/seals/{accountname}` and `sealAccountName` name a seal by. */
export const SEAL_ACCOUNT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,62}$/;

/** Longest display name of a seal (the certificate's common name, the visual signature). */
export const SEAL_DISPLAY_NAME_MAX_LENGTH = 64;

/** Seals one business may have. */
export const SEALS_MAX = 20;

/**
 * A seal's quality, chosen when it is created (its certificate is issued for it): `seal.aes`, an
 * advanced seal on a certificate of the built-in CA; `seal.qes`, a qualified seal on a certificate
 * of the trust service (the Demo QTSP outside production, marked as a test). A request that asks
 * for QES takes a `seal.qes` seal.
 */
export const SEAL_QUALITIES = ['seal.aes', 'seal.qes'] as const;
export type TSealQuality = (typeof SEAL_QUALITIES)[number];

/**
 * A seal's image (its logo in the visual signature): PNG, JPEG or SVG, checked by content, within
 * the signature image's limits (SIGNATURE_IMAGE_LIMITS); an SVG is rasterised, never kept or
 * served as SVG, and refused when it refers to anything outside itself.
 */
export const SEAL_IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/** Seal error codes. */
export const SEAL_ERRORS = {
  /** 403: the caller is not a member of the seal (nor an API user it is granted to). */
  notAllowed: 'SEAL_NOT_ALLOWED',
  /** 409: the business has SEALS_MAX seals. */
  tooMany: 'TOO_MANY_SEALS',
  /** 400: a user id that is no member of the business, or an unknown API user. */
  notInBusiness: 'NOT_IN_BUSINESS',
  /** 409: a seal keeps the quality it was created with (its certificate was issued for it). */
  qualityFixed: 'SEAL_QUALITY_FIXED',
} as const;
