/** The business activity lists, exports and statistics (spec sections 7 and 9). Zod-free. */

/** The three lists of `GET /v2/businesses/{id}/activities/{kind}`. */
export const ACTIVITY_KINDS = ['accounts', 'signatures', 'identifications'] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Largest page of an activity list. */
export const ACTIVITY_PAGE_MAX = 100;

/** Sortable columns per list (`sort=<field>,<asc|desc>`). */
export const ACTIVITY_SORT_FIELDS = {
  accounts: ['at', 'type', 'actorEmail'],
  signatures: ['signedAt', 'memberEmail', 'signerEmail', 'quality', 'costCentre', 'title'],
  identifications: ['identifiedAt', 'email', 'method', 'provider'],
} as const satisfies Record<TActivityKind, readonly string[]>;

/** How the signature export groups its rows (none: one row per signature). */
export const SIGNATURE_EXPORT_GROUPS = ['member', 'cost_centre'] as const;
export type TSignatureExportGroup = (typeof SIGNATURE_EXPORT_GROUPS)[number];

/** File names of the CSV exports, before `_<start>_<end>.csv` (spec section 9). */
export const EXPORT_FILE_NAMES = {
  signatures: 'signature_usage',
  costCentre: 'cost_centre_report',
  identifications: 'identifications',
} as const;

/**
 * CSV cells a spreadsheet would run as a formula start with one of these; such a cell is written
 * with a leading `'` (papaparse's `escapeFormulae`, on the server and in the browser). A tab or
 * a carriage return at the start counts too (OWASP's CSV injection list).
 */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/** The UTF-8 byte order mark: Excel reads a CSV that starts with it as UTF-8 (umlauts). */
export const CSV_BOM = '\uFEFF';

/**
 * How both sides write CSV with papaparse: RFC 4180 line ends, formula cells escaped
 * (CSV_FORMULA_START); the server adds CSV_BOM in front.
 */
export const CSV_UNPARSE_CONFIG = { newline: '\r\n', escapeFormulae: CSV_FORMULA_START } as const;

/** Months an activity period spans when the caller names no start (this month included). */
export const ACTIVITY_DEFAULT_MONTHS = 12;
