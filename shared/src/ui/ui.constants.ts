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

/**
 * The look of the site and the console, one source: the site writes it as CSS custom properties
 * (`themeCss`: a colour `ink-2` is `--ink-2`), the console builds its MUI theme from it.
 */
export const THEME = {
  colours: {
    /**
     * The spec's primary (#006FE6) darkened by 5 %, as little as WCAG 2.2 AA needs: as text it
     * was 4.46:1 on the page background and 4.13:1 on `primary-soft` (now 4.89 and 4.52).
     */
    primary: '#0069da',
    'primary-dark': '#0058b8',
    'primary-soft': '#e6f0fc',
    /** The spec's error (#E50040) darkened by 2 % for 4.5:1 as text on the page background. */
    error: '#e0003f',
    'error-soft': '#fde6ec',
    success: '#00a671',
    warning: '#b86e00',
    'warning-soft': '#fff6e0',
    ses: THEME_COLOURS.ses,
    aes: THEME_COLOURS.aes,
    qes: THEME_COLOURS.qes,
    xqes: THEME_COLOURS.xqes,
    part11: THEME_COLOURS.part11,
    /** Text, secondary text, quiet text (`ink-3` darkened from #6b7a90 to reach 4.5:1 on the canvas). */
    ink: '#0f1b2d',
    'ink-2': '#43526b',
    'ink-3': '#657387',
    line: '#e2e8f0',
    surface: '#ffffff',
    canvas: '#f5f8fc',
  },
  /** Corner radius of cards, fields and buttons (px), and of large panels. */
  radius: 10,
  radiusLg: 16,
  font: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
} as const;

/** The theme as CSS custom properties on `:root` (the site's stylesheets use them). */
export function themeCss(): string {
  const vars = [
    ...Object.entries(THEME.colours).map(([name, value]) => `--${name}:${value}`),
    `--radius:${THEME.radius}px`,
    `--radius-lg:${THEME.radiusLg}px`,
    `--font:${THEME.font}`,
  ];
  return `:root{${vars.join(';')}}`;
}

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
