/**
 * The product's look and client timings (spec section 9) that more than one interface uses:
 * the site's pages, the console's theme and the e-mails. Zod-free.
 */

/** Product name used in titles and mails. */
export const PRODUCT_NAME = 'Signet';

/** Theme colours: signature levels, primary and error. */
export const THEME_COLOURS = {
  ses: '#20ABFD',
  aes: '#006FE6',
  qes: '#00A671',
  xqes: '#59EDBE',
  part11: '#8120FD',
  primary: '#006FE6',
  error: '#E50040',
} as const;

/** Framework breakpoints (px); lg is the mobile breakpoint. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Tooltip show delay. */
export const TOOLTIP_DELAY_MS = 150;

/** Snackbar timings: default duration and the vertical swipe that closes one on touch. */
export const SNACKBAR = { defaultDurationMs: 3_000, swipeCloseThresholdPx: 50 } as const;

/** Date display: numeric day, short month, numeric year, hour and minute. */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** The 404 illustration's size on the error page. */
export const NOT_FOUND_ILLUSTRATION = { width: 407, height: 436 } as const;

/** Chunk-load errors reload the page at most this often. */
export const CHUNK_RELOAD_MAX = 2;

/** Query parameter carrying a referral code (spec section 9). */
export const REFERRAL_QUERY = 'ucc';
