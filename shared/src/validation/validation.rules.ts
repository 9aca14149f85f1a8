/**
 * Field validators of spec section 5. Pure, shared by the browser forms and the server's
 * schemas so both sides accept exactly the same values.
 */

/** Characters allowed in an unquoted local part (RFC 5322 `atext`), dots handled apart. */
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A local part: atoms joined by single dots, so no leading, trailing or double dot. */
const LOCAL_PART_RE = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*$`);
/** A DNS label: letters, digits and inner hyphens, 1–63 characters. */
const LABEL_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** A top-level domain: letters only, at least two. */
const TLD_RE = /^[A-Za-z]{2,63}$/;
/**
 * Phone: optional `+`, 3 digits (optionally in brackets), 3 digits, 4–6 digits, each group
 * optionally separated by one dash, space or dot.
 */
const PHONE_RE = /^\+?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4,6}$/;
const INTEGER_RE = /^[-+]?\d+$/;
/** A mobile number as people type it: digits with spaces, brackets, dots, slashes or dashes. */
const MOBILE_RE = /^\+?[0-9 ()./-]{7,30}$/;
const MOBILE_MIN_DIGITS = 7;
const MOBILE_MAX_DIGITS = 15;

/** Longest address SMTP can carry (RFC 5321 path limit minus the brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest local part (RFC 5321). */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** Longest domain name in text form. */
export const DOMAIN_MAX_LENGTH = 253;

/**
 * True for a domain name whose labels have 1–63 letters, digits or inner hyphens and whose
 * last label (the top-level domain) has at least two letters. At least two labels.
 */
export function isDomain(value: string): boolean {
  if (value.length === 0 || value.length > DOMAIN_MAX_LENGTH) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] as string;
  if (!TLD_RE.test(tld)) return false;
  return labels.every((label) => LABEL_RE.test(label));
}

/**
 * True for an e-mail address: a local part without a leading, trailing or double dot, an `@`,
 * and a domain accepted by {@link isDomain}. Surrounding whitespace is not accepted; trim first.
 */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH) return false;
  return LOCAL_PART_RE.test(local) && isDomain(domain);
}

/** True for a phone number in the spec's format, e.g. `+(041) 791-234567`, `079.123.4567`. */
export function isPhone(value: string): boolean {
  return PHONE_RE.test(value);
}

/**
 * True for a mobile number as people type it, international or not: an optional `+`, then
 * digits, spaces, brackets, dots, slashes or dashes (`+41 79 123 45 67`, `079/123 45 67`), with
 * 7 to 15 digits in all (E.164 allows at most 15; no mobile network has fewer than 7).
 * Looser than {@link isPhone}: the account's mobile is used to reach a person, not printed.
 */
export function isMobile(value: string): boolean {
  if (!MOBILE_RE.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits >= MOBILE_MIN_DIGITS && digits <= MOBILE_MAX_DIGITS;
}

/** True when the value is absent, empty or whitespace only. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim().length === 0;
}

/**
 * True for a whole number: a finite integer, or a string of digits with an optional sign and
 * no spaces, decimals or exponent (`"12"`, `"-3"`; not `"1.0"`, `"1e3"`, `""`).
 */
export function isInteger(value: string | number): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return INTEGER_RE.test(value) && Number.isSafeInteger(Number(value));
}

/**
 * True when `min <= value` and, if a maximum is given, `value <= max`. NaN is never in range.
 */
export function isInRange(value: number, min: number, max?: number): boolean {
  if (Number.isNaN(value)) return false;
  if (value < min) return false;
  return max === undefined || value <= max;
}

/**
 * E-mail query on entry (e.g. `/login?email=`): trimmed and lower-cased, kept only when it is
 * a valid e-mail address, otherwise `undefined`.
 */
export function normaliseEmailQuery(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const email = value.trim().toLowerCase();
  return isEmail(email) ? email : undefined;
}
