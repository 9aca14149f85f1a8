/**
 * Visual signatures (spec sections 3 and 9), zod-free for the browsers.
 */

/** Languages a stamp can be written in (link codes; Italian included, as in direct-sign). */
export const STAMP_LANGS = ['en', 'de', 'fr', 'it'] as const;
export type TStampLang = (typeof STAMP_LANGS)[number];

/** What a signature image may be: PNG or JPEG, checked by content, at most 5 MiB and 16 MP. */
export const SIGNATURE_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 16_000_000,
  maxSide: 8000,
  /** Stored images are scaled down to fit this box (twice the stamp's image area). */
  storeWidth: 1200,
  storeHeight: 560,
  mediaTypes: ['image/png', 'image/jpeg'],
} as const;

/** Most visual signatures one person keeps. */
export const MAX_VISUAL_SIGNATURES = 20;

/** The preview PNG: twice the stamp's size in points (sharp on high-density screens). */
export const PREVIEW_SCALE = 2;

/** The parts of a stamp a business may lock (`visualSignaturePermissions` of the user). */
export const VISUAL_SIGNATURE_PERMISSIONS = ['claim', 'date', 'std'] as const;
export type TVisualSignaturePermission = (typeof VISUAL_SIGNATURE_PERMISSIONS)[number];

/** Which display flag each permission governs. */
export const PERMISSION_FIELDS = {
  claim: 'displayClaim',
  date: 'displayDate',
  std: 'displayStandards',
} as const satisfies Record<TVisualSignaturePermission, string>;
