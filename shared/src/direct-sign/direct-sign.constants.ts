/**
 * Direct signing without an account (role nas, spec sections 2–9): the link, its credentials,
 * the TAN, the mobile-app (MAB) result and the pages the flow ends on. No zod here: the direct
 * pages import this file and stay small.
 */

/**
 * The signing link of a direct signer: `/view/{id}/{userid}`. `id` is the request id and
 * `userid` an unguessable identifier of that one signer slot of that one request, derived by
 * the server with its secret (so it cannot be worked out from ids other participants see).
 */
export function directSigningPath(requestId: string, userId: string): string {
  return `/view/${encodeURIComponent(requestId)}/${encodeURIComponent(userId)}`;
}

/**
 * The direct signer's identification page (spec section 2, direct-sign routes): where a signer
 * whose slot asks for AES or QES identifies, then comes back to their signing link.
 */
export function directIdentificationPath(requestId: string, userId: string): string {
  return `/direct-sign/identification/${encodeURIComponent(requestId)}/${encodeURIComponent(userId)}`;
}

/**
 * The Basic credentials of a direct signer, made from the ids in the link (spec section 6):
 * the request id as the user name, the link's `userid` as the password.
 */
export function directCredentials(
  requestId: string,
  userId: string,
): { username: string; password: string } {
  return { username: requestId, password: userId };
}

/** The direct signer's page reads the signature state again this often while it is open. */
export const DIRECT_SIGN_STATUS_POLL_MS = 5_000;

/** Query parameter of direct document downloads and page images (`?token=`). */
export const DIRECT_TOKEN_QUERY = 'token';

/** TAN rules: six digits, valid five minutes, five wrong tries lock it. */
export const TAN = {
  length: 6,
  ttlMs: 5 * 60_000,
  maxTries: 5,
  /** How long a signer stays locked out after the last wrong try. */
  lockMs: 15 * 60_000,
} as const;

/** A TAN as typed: exactly six digits. */
export const TAN_PATTERN = /^[0-9]{6}$/;

/** Where a TAN goes: an e-mail to the signer's address or an SMS to their mobile number. */
export const TAN_CHANNELS = ['mail', 'sms'] as const;
export type TTanChannel = (typeof TAN_CHANNELS)[number];

/** How a direct signer confirms a signature: a TAN, or approving it in the mobile app (MAB). */
export const DIRECT_SIGNING_METHODS = ['tan', 'mab'] as const;
export type TDirectSigningMethod = (typeof DIRECT_SIGNING_METHODS)[number];

/** Error codes of the TAN calls and of direct signing; each has a text in errors.json. */
export const DIRECT_SIGN_ERRORS = {
  tanInvalid: 'TAN_INVALID',
  tanExpired: 'TAN_EXPIRED',
  tanLocked: 'TAN_LOCKED',
  tanRequired: 'TAN_REQUIRED',
  notEnabled: 'DIRECT_SIGN_NOT_ENABLED',
  smsNotAvailable: 'SMS_NOT_AVAILABLE',
  noMobile: 'NO_MOBILE_NUMBER',
  mabNotAvailable: 'MAB_NOT_AVAILABLE',
} as const;

/**
 * Outcome of signing in the mobile app (MAB signing result, spec section 3); a result the page
 * could not get counts as ERROR.
 */
export const MAB_SIGNING_STATUSES = ['SUCCESS', 'DECLINED', 'EXPIRED', 'ERROR'] as const;
export type TMabSigningStatus = (typeof MAB_SIGNING_STATUSES)[number];
export const MAB_DEFAULT_SIGNING_STATUS: TMabSigningStatus = 'ERROR';

/** Where the mobile-app flow comes back to, with `state` (the MAB session) and `code`/`error`. */
export const MAB_REDIRECT_PATH = '/mab/redirect';

/** The pages a direct signer ends on. */
export const DIRECT_SIGN_PAGES = {
  signed: '/signed',
  declined: '/declined',
  expired: '/expired',
  notAvailable: '/not-available',
  mabRedirect: MAB_REDIRECT_PATH,
} as const;

/**
 * Marks the pages a direct signer is sent to (`?via=direct`), so a shared page such as
 * /not-available speaks of the signing link rather than of an account.
 */
export const DIRECT_VIA_QUERY = { name: 'via', value: 'direct' } as const;

const DIRECT_LINK = /^\/view\/[^/]+\/[^/]+\/?$/;
const DIRECT_PAGE_PATHS: ReadonlySet<string> = new Set(Object.values(DIRECT_SIGN_PAGES));

/**
 * Whether a page belongs to direct signing (the link, `/direct-sign/…` and the pages the flow
 * ends on): only there is Italian a language (spec sections 1 and 5).
 */
export function isDirectSignPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    DIRECT_LINK.test(path) ||
    path === '/direct-sign' ||
    path.startsWith('/direct-sign/') ||
    DIRECT_PAGE_PATHS.has(path)
  );
}

/** Masks a mobile number for display: `+41 79 123 45 67` → `•••• 67`. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/[^0-9]/g, '');
  return `•••• ${digits.slice(-2)}`;
}

/** Masks an e-mail address for display: `giulia.rossi@example.it` → `g•••@example.it`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
