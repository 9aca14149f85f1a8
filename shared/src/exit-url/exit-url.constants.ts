/**
 * The redirect countdown and the query names of exit URLs (spec sections 3, 5 and 9), zod-free.
 */

/** Redirect countdown in seconds: default, bounds, and the value meaning "no countdown". */
export const REDIRECT_TIMEOUT = {
  defaultSeconds: 45,
  minSeconds: 10,
  maxSeconds: 90,
  none: 0,
} as const;

/** Query parameter names a link uses for the exit-url state. */
export const EXIT_URL_QUERY = {
  exitUrl: 'exitURL',
  errorUrl: 'errorURL',
  declineUrl: 'declineURL',
  timeout: 'redirectTimeout',
  declineRedirect: 'declineRedirect',
} as const;
