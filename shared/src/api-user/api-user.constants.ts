/** API users (spec sections 6 and 7: `/v1/businesses/{id}/apis`), zod-free. */

/** Longest display name of an API user. */
export const API_USER_NAME_MAX_LENGTH = 100;

/** API users one business may have. */
export const API_USERS_MAX = 20;

/**
 * The shape of an API user's username: what the server makes from the name (lowercase letters,
 * digits and `_`, then `_` and eight random hex digits), unique across the platform.
 */
export const API_USERNAME_PATTERN = /^api_[a-z0-9_]{1,40}_[0-9a-f]{8}$/;

/**
 * Calls an API user may make per minute; beyond it 429 RATE_LIMITED with Retry-After. Counted in
 * the database, so several instances share the counter.
 */
export const API_USER_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;

/** API-user error codes the console and integrators react to. */
export const API_USER_ERRORS = {
  /** 403: an API user's credentials on a call outside the public request API. */
  notForApiUsers: 'NOT_FOR_API_USERS',
  /** 409: the business has API_USERS_MAX API users. */
  tooMany: 'TOO_MANY_API_USERS',
  /** 400: a callback URL that is not http(s), or points to a loopback or private address in production. */
  callbackUrl: 'INVALID_CALLBACK_URL',
  /** 403: callback URLs on a request created by someone who is not an API user. */
  callbackNotAllowed: 'CALLBACKS_FOR_API_USERS_ONLY',
} as const;

/**
 * Callbacks of a request created through the API: `success` when it is signed by everyone,
 * `error` when it is declined, withdrawn or expires, `update` on every other step.
 */
export const CALLBACK_KINDS = ['success', 'error', 'update'] as const;
export type TCallbackKind = (typeof CALLBACK_KINDS)[number];

/**
 * The header that carries a callback's signature: `sha256=` and the hex HMAC-SHA256 of the raw
 * body, keyed with the API key of the API user that created the request (as it was then).
 */
export const CALLBACK_SIGNATURE_HEADER = 'X-Signet-Signature';

/** Attempts before a callback is marked failed; waits double from 30 s. */
export const CALLBACK_MAX_ATTEMPTS = 6;

/** How long one callback attempt may take before it counts as failed. */
export const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * The paths an API user may call: the v3 request API (requests, documents, signing) and the
 * signer groups. Direct-signing paths are for signing links only (their own credentials).
 */
export const API_USER_PUBLIC_API = ['/v3/', '/v1/groups/'] as const;

/** Where the API is served and where its reference (OpenAPI, rendered) is, on this server. */
export const PUBLIC_API_PATHS = { base: '/api', reference: '/api/docs' } as const;
