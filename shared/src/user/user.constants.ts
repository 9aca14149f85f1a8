/**
 * Account enums and limits (spec section 3), zod-free so a browser bundle takes them for free.
 * `user.schema.ts` builds its schemas from these and re-exports them.
 */

/** Signature qualities (ARCHITECTURE.md, domain model). */
export const SIGNATURE_QUALITIES = [
  'SES',
  'AES',
  'AES_MINIMAL',
  'QES',
  'DEMO',
  'SEAL',
  'PART11',
] as const;
export type TSignatureQuality = (typeof SIGNATURE_QUALITIES)[number];

/** Qualities a person can choose as their default (seal, demo and Part 11 are not personal). */
export const DEFAULT_QUALITY_CHOICES = [
  'SES',
  'AES',
  'QES',
] as const satisfies readonly TSignatureQuality[];

/** Legislations a signature can be made under. */
export const LEGISLATIONS = ['EIDAS', 'ZERTES'] as const;
export type TLegislation = (typeof LEGISLATIONS)[number];

/**
 * Languages an account can use (link codes). `it` exists only in direct-sign (spec section 5),
 * so it is refused as an account language.
 */
export const USER_LANGS = ['en', 'de', 'fr'] as const;
export type TUserLang = (typeof USER_LANGS)[number];

/** True for one of {@link USER_LANGS}. */
export function isUserLang(value: unknown): value is TUserLang {
  return typeof value === 'string' && (USER_LANGS as readonly string[]).includes(value);
}

/** How much e-mail a user wants about their signature requests. */
export const EMAIL_NOTIFICATION_LEVELS = ['ALL', 'ESSENTIAL', 'NONE'] as const;
export type TEmailNotificationLevel = (typeof EMAIL_NOTIFICATION_LEVELS)[number];

/** Kinds of free account (spec section 3). */
export const FREE_ACCOUNT_TYPES = ['free_v1', 'free_migrated', 'free_legacy'] as const;
export type TFreeAccountType = (typeof FREE_ACCOUNT_TYPES)[number];

/** Why the server refuses a password (`check-password`'s errorCode). */
export const PASSWORD_ERROR_CODES = ['TOO_SHORT', 'COMMON', 'CONTAINS_EMAIL'] as const;
export type TPasswordErrorCode = (typeof PASSWORD_ERROR_CODES)[number];

/** True for one of {@link PASSWORD_ERROR_CODES}. */
export function isPasswordErrorCode(value: unknown): value is TPasswordErrorCode {
  return typeof value === 'string' && (PASSWORD_ERROR_CODES as readonly string[]).includes(value);
}

/** Shortest password the policy accepts. */
export const PASSWORD_MIN_LENGTH = 10;
/** Longest password accepted (hashing cost stays bounded). */
export const PASSWORD_MAX_LENGTH = 256;

/** Length of an opaque token from a link (confirmation, reset). */
export const LINK_TOKEN_LENGTH = { min: 16, max: 200 } as const;

/** True when a link token has a length the server could have issued. */
export function isPlausibleLinkToken(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    value.length >= LINK_TOKEN_LENGTH.min &&
    value.length <= LINK_TOKEN_LENGTH.max
  );
}

/** Longest first or last name. */
export const NAME_MAX_LENGTH = 100;

/**
 * Confirming a mobile number (AES minimal rests on it): a six-digit code by SMS, valid ten
 * minutes, three tries; at most five codes a quarter of an hour per person.
 */
export const MOBILE_CONFIRMATION = {
  codePattern: /^[0-9]{6}$/,
  validMinutes: 10,
  maxAttempts: 3,
  sends: { max: 5, windowMs: 15 * 60_000 },
} as const;

/** Mobile confirmation error codes. */
export const MOBILE_ERRORS = {
  /** 422: the code is not the one sent (details.attemptsLeft). */
  codeInvalid: 'MOBILE_CODE_INVALID',
  /** 422: the code has expired or was used up: ask for a new one. */
  codeExpired: 'MOBILE_CODE_EXPIRED',
  /** 409: no code was asked for. */
  noConfirmation: 'NO_MOBILE_CONFIRMATION',
} as const;
