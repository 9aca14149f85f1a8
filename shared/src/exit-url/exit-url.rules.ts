/**
 * Exit, error and decline URLs and the redirect countdown passed in a direct-sign or sign link
 * (spec sections 3, 4 and 5). Zod-free: the direct pages use these rules too.
 */
import { EXIT_URL_QUERY, REDIRECT_TIMEOUT } from './exit-url.constants.ts';

export * from './exit-url.constants.ts';

/** Exit-url state after parsing: invalid URLs are `null`, fallbacks applied. */
export type TExitUrlState = {
  exitUrl: string | null;
  /** Where to go after an error; falls back to `exitUrl`. */
  errorUrl: string | null;
  /** Where to go after declining; falls back to `exitUrl`. */
  declineUrl: string | null;
  /** Countdown in seconds before leaving; 0 means leave without a countdown. */
  timeout: number;
  /** Whether declining redirects at all (needs `declineUrl` and the flag). */
  redirectOnDecline: boolean;
};

/** Raw values as they come from a query string. */
export type TExitUrlInput = {
  exitUrl?: string | null;
  errorUrl?: string | null;
  declineUrl?: string | null;
  timeout?: string | number | null;
  /** Presence of the decline-redirect flag: any value other than `null`/`undefined`/`false`. */
  declineRedirect?: string | boolean | null;
};

/**
 * Returns the URL string when it is an absolute http or https URL, else `null` (so `javascript:`,
 * `data:`, relative paths and garbage are ignored).
 */
export function parseHttpUrl(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed.length === 0) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href;
}

/**
 * The redirect timeout query: absent, empty or not a number → 45; 0 → 0 (no countdown);
 * anything else (fractions truncated) clamped to 10..90.
 */
export function parseRedirectTimeout(value: string | number | null | undefined): number {
  if (value == null) return REDIRECT_TIMEOUT.defaultSeconds;
  const raw = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(raw)) return REDIRECT_TIMEOUT.defaultSeconds;
  const seconds = Math.trunc(raw);
  if (seconds === 0) return REDIRECT_TIMEOUT.none;
  return Math.min(REDIRECT_TIMEOUT.maxSeconds, Math.max(REDIRECT_TIMEOUT.minSeconds, seconds));
}

/**
 * Builds the exit-url state: each URL kept only when http(s); error and decline URLs fall back
 * to the exit URL; declining redirects only when a decline URL (own or fallback) exists and the
 * decline-redirect flag is present.
 */
export function parseExitUrls(input: TExitUrlInput): TExitUrlState {
  const exitUrl = parseHttpUrl(input.exitUrl);
  const errorUrl = parseHttpUrl(input.errorUrl) ?? exitUrl;
  const declineUrl = parseHttpUrl(input.declineUrl) ?? exitUrl;
  const flag = input.declineRedirect;
  const flagPresent = flag != null && flag !== false;
  return {
    exitUrl,
    errorUrl,
    declineUrl,
    timeout: parseRedirectTimeout(input.timeout),
    redirectOnDecline: declineUrl !== null && flagPresent,
  };
}

/** Reads the exit-url state from a link's query (names in {@link EXIT_URL_QUERY}). */
export function exitUrlsFromQuery(query: URLSearchParams): TExitUrlState {
  return parseExitUrls({
    exitUrl: query.get(EXIT_URL_QUERY.exitUrl),
    errorUrl: query.get(EXIT_URL_QUERY.errorUrl),
    declineUrl: query.get(EXIT_URL_QUERY.declineUrl),
    timeout: query.get(EXIT_URL_QUERY.timeout),
    declineRedirect: query.get(EXIT_URL_QUERY.declineRedirect),
  });
}

/**
 * The query that carries an exit-url state in a link (names in {@link EXIT_URL_QUERY}); reading
 * it back with {@link exitUrlsFromQuery} gives the same state. Fallback values and the default
 * timeout are left out.
 */
export function exitUrlsToQuery(state: TExitUrlState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.exitUrl) query.set(EXIT_URL_QUERY.exitUrl, state.exitUrl);
  if (state.errorUrl && state.errorUrl !== state.exitUrl) {
    query.set(EXIT_URL_QUERY.errorUrl, state.errorUrl);
  }
  if (state.declineUrl && state.declineUrl !== state.exitUrl) {
    query.set(EXIT_URL_QUERY.declineUrl, state.declineUrl);
  }
  if (state.timeout !== REDIRECT_TIMEOUT.defaultSeconds) {
    query.set(EXIT_URL_QUERY.timeout, String(state.timeout));
  }
  if (state.redirectOnDecline) query.set(EXIT_URL_QUERY.declineRedirect, '1');
  return query;
}

/** Whether a state leads anywhere at all. */
export function hasExitUrls(state: TExitUrlState): boolean {
  return state.exitUrl !== null || state.errorUrl !== null || state.declineUrl !== null;
}

/** How a direct signer's visit ended. */
export type TExitOutcome = 'signed' | 'declined' | 'error';

/**
 * Where the signer goes after `outcome`, or null to stay: signed → the exit URL; declined → the
 * decline URL (its fallback is the exit URL) only with the decline-redirect flag; error → the
 * error URL (falling back to the exit URL).
 */
export function exitTarget(state: TExitUrlState, outcome: TExitOutcome): string | null {
  if (outcome === 'signed') return state.exitUrl;
  if (outcome === 'declined') return state.redirectOnDecline ? state.declineUrl : null;
  return state.errorUrl;
}
