/**
 * The public verification report's vocabulary (zod-free: the /verify page imports it).
 */

/** What a signature field holds: a signature, or a document time stamp (PAdES B-LTA). */
export const VERIFY_KINDS = ['signature', 'document-timestamp'] as const;
export type TVerifyKind = (typeof VERIFY_KINDS)[number];

/**
 * Where a certificate chain ends: at this Signet instance's root (`trusted`), at another
 * self-signed root (`untrusted`), or nowhere the file tells (`incomplete`).
 */
export const CHAIN_STATUSES = ['trusted', 'untrusted', 'incomplete'] as const;
export type TChainStatus = (typeof CHAIN_STATUSES)[number];

/** Revocation of the signing certificate: from data in the file, or asked of our own CA. */
export const REVOCATION_STATUSES = ['good', 'revoked', 'unknown', 'none'] as const;
export type TRevocationStatus = (typeof REVOCATION_STATUSES)[number];
export const REVOCATION_SOURCES = ['embedded', 'signet', 'none'] as const;
export type TRevocationSource = (typeof REVOCATION_SOURCES)[number];

/**
 * What happened to the file after a signature: nothing (it covers the whole file), only further
 * signatures, time stamps and validation data, or other changes (content, annotations, …).
 */
export const CHANGES_AFTER = ['none', 'signatures-only', 'other'] as const;
export type TChangesAfter = (typeof CHANGES_AFTER)[number];

/** How many checks `/verify` takes per client IP in its window. */
export const VERIFY_LIMITS = { perIp: 30, windowMinutes: 15 } as const;

/** The public verification page, and the query naming the document a stamp's QR code is for. */
export const VERIFY_PAGE = '/verify';
export const VERIFY_DOCUMENT_QUERY = 'doc';
