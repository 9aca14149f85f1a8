/**
 * The browser session's contract (spec section 9): where the site, the console, the base
 * layout's inline script and the end-to-end tests find the bearer token and the path to come
 * back to. Zod-free.
 */

/** A token session lasts 24 h from login (absolute; the server refuses it afterwards). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** sessionStorage keys (per tab). */
export const SESSION_KEYS = {
  /** The bearer token. */
  token: 'signet.token',
  /** When the token ends (ISO 8601). */
  expiresAt: 'signet.expiresAt',
  /** The path (with query) to return to after login. */
  redirect: 'signet.redirect',
  /** Reloads after chunk-load errors, per path (the base layout's inline script). */
  chunkReloads: 'signet.chunkReloads',
} as const;

/**
 * Session cookie mirroring the token (SameSite=Strict, no Max-Age: gone with the browser), so
 * a new tab and the console at /business pick the session up without a second login. The
 * server-rendered site reads only its presence (to pick the account's language).
 */
export const SESSION_COOKIE = 'signet_tab';

/** Where a missing or ended session goes, and the pages never remembered as a destination. */
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';
/** Where login leads when nothing was remembered. */
export const HOME_PATH = '/dashboard';
