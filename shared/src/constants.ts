/**
 * Business constants and limits of spec section 9 (and a few client contracts of the lead's
 * brief). Values the rules need live beside their rules (REDIRECT_TIMEOUT, DASHBOARD_PAGE_SIZES,
 * PAGE_IMAGE_RETRY, RETRY_STATUS_CODES, VISUAL_SIGNATURE_SIZE); this file holds the rest.
 */

/** Product name used in titles and mails. */
export const PRODUCT_NAME = 'Signet';

/** Token session lifetime: 24 h absolute. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** sessionStorage key of the bearer token. */
export const SESSION_STORAGE_KEY = 'signet.token';
/** Session cookie mirroring the token so a new tab and /business pick it up. */
export const SESSION_TAB_COOKIE = 'signet_tab';

/** The dashboard's saved view cookie lives one year (strict same-site). */
export const SAVED_VIEW_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Polling intervals. */
export const POLLING = {
  maintenanceMs: 60_000,
  /** The client asks `/v1/datetime` at most once per this interval. */
  minTimeFetchMs: 2_000,
  directSignStatusMs: 5_000,
} as const;

/** Page images: default scale of `GET v3/documents/{id}/pages/{n}?scale=`. */
export const PAGE_IMAGE_DEFAULT_SCALE = 100;

/** Signer-group limits when the business settings give none. */
export const SIGNER_GROUP_DEFAULT_LIMITS = { maxGroups: 0, maxParticipants: 0 } as const;

/** Download file names used when the server sends none. */
export const DOWNLOAD_NAMES = {
  document: (id: string) => `${id}.pdf`,
  zip: (id: string) => `${id}.zip`,
  protocol: (id: string) => `${id}_protocol.pdf`,
  attachment: (id: string, n: number, ext: string) => `${id}_attachment-${n}.${ext}`,
} as const;

/** Base names of CSV exports; dates are appended. */
export const CSV_EXPORT_NAMES = {
  costCentre: 'cost_centre_report',
  signatureUsage: 'signature_usage',
  identifications: 'identifications',
} as const;

/** Media types (file extensions) the product knows. */
export const MEDIA_TYPES = [
  'jpg',
  'png',
  'gif',
  'webp',
  'svg',
  'mp4',
  'avi',
  'mov',
  'mkv',
  'pdf',
] as const;
export type TMediaType = (typeof MEDIA_TYPES)[number];

/** Language a signature is made in when none is given. */
export const DEFAULT_SIGNING_LANGUAGE = 'en';

/**
 * Identification methods per legislation: `coverage` where the signer's country is covered,
 * `otherwise` elsewhere.
 */
export const IDENT_METHODS_BY_LEGISLATION = {
  eidas: { coverage: ['video', 'self', 'id-austria'], otherwise: ['id-austria', 'external-sc'] },
  zertes: { coverage: ['video', 'loc', 'auto'], otherwise: ['loc', 'external-sc'] },
} as const;

/** On the CH platform these countries lead the country list. */
export const CH_PLATFORM_FIRST_COUNTRIES = ['CH', 'DE', 'FR', 'AT'] as const;

/** Contact mailboxes (local parts at the product's public domain). */
export const CONTACT_MAILBOXES = ['support', 'contact', 'success'] as const;

/** Query parameter carrying a referral code. */
export const REFERRAL_QUERY = 'ucc';

/** Date display: numeric day, short month, numeric year, hour and minute. */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** Currency shown per interface language; Italian shows none. */
export const CURRENCY_BY_LANG = {
  'en-gb': 'EUR',
  'de-ch': 'CHF',
  'fr-ch': 'CHF',
  it: null,
} as const;

/** Error reporting: session-replay sample rate on error. */
export const ERROR_REPLAY_SAMPLE_RATE = 0.8;

/** Theme colours. */
export const THEME_COLOURS = {
  ses: '#20ABFD',
  aes: '#006FE6',
  qes: '#00A671',
  xqes: '#59EDBE',
  part11: '#8120FD',
  primary: '#006FE6',
  error: '#E50040',
} as const;

/** Signature levels whose colour takes white text. */
export const WHITE_TEXT_LEVELS = ['ses', 'aes', 'qes', 'part11'] as const;

/** Tooltip show delay. */
export const TOOLTIP_DELAY_MS = 150;
/** Touch ripple show delay. */
export const TOUCH_RIPPLE_DELAY_MS = 80;

/** Stacking order. */
export const Z_INDEX = { overlay: 2000, signingOverlayScrim: 1900 } as const;

/** Framework breakpoints (px); lg is the mobile breakpoint. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/** Layout-grid breakpoints (px). */
export const GRID_BREAKPOINTS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  xxl: 1536,
} as const;

/** Snackbar timings. */
export const SNACKBAR = {
  defaultDurationMs: 3_000,
  frameworkDurationMs: 5_000,
  swipeCloseThresholdPx: 50,
} as const;

/** Buttons. */
export const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export const BUTTON_TYPES = ['primary', 'secondary', 'text'] as const;

/** Blurred placeholder image. */
export const PLACEHOLDER_IMAGE = { width: 10, height: 10, quality: 50, blur: 3 } as const;

/** Image densities and default format of the image endpoint. */
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_DEFAULT_FORMAT = 'webp';

/** 404 illustration size on the error page. */
export const NOT_FOUND_ILLUSTRATION = { width: 407, height: 436 } as const;

/** Chunk-load errors reload the page at most this often. */
export const CHUNK_RELOAD_MAX = 2;
/** Status-page fetch failures tolerated before an error is logged. */
export const STATUS_PAGE_MAX_FAILURES = 5;
