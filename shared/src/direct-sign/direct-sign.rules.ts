/**
 * Pure rules of direct signing. No zod: the direct pages use them too.
 */
import { exitUrlsToQuery, type TExitUrlState } from '../exit-url/exit-url.rules.ts';
import { type DIRECT_SIGN_PAGES, DIRECT_VIA_QUERY } from './direct-sign.constants.ts';

/**
 * A mobile number in international format (E.164): `+`, a country code and 8 to 15 digits in
 * all; spaces, dots, dashes, slashes and brackets are allowed between digits, and a leading `00`
 * counts as `+`. Returns `+` and the digits, or null for anything else (a national number
 * without its country code cannot be sent to).
 */
export function toE164(value: string): string | null {
  const trimmed = value.trim();
  if (!/^(\+|00)?[0-9 ().\-/]+$/.test(trimmed)) return null;
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  if (!international) return null;
  const digits = trimmed.replace(/^00/, '').replace(/[^0-9]/g, '');
  if (!/^[1-9][0-9]{7,14}$/.test(digits)) return null;
  return `+${digits}`;
}

/** Seconds left of a countdown that started at `startedAt` (ms) and lasts `seconds`. */
export function secondsLeft(startedAt: number, seconds: number, now: number): number {
  return Math.max(0, seconds - Math.floor((now - startedAt) / 1000));
}

/**
 * The page a direct signer goes to next (`/signed`, `/declined`, …) with the exit-url state and
 * the language in its query, so that page can count down and leave for the right URL.
 */
export function directPagePath(
  page: (typeof DIRECT_SIGN_PAGES)[keyof typeof DIRECT_SIGN_PAGES],
  exit: TExitUrlState,
  langCode?: string,
): string {
  const query = exitUrlsToQuery(exit);
  query.set(DIRECT_VIA_QUERY.name, DIRECT_VIA_QUERY.value);
  if (langCode) query.set('lang', langCode);
  return `${page}?${query.toString()}`;
}
