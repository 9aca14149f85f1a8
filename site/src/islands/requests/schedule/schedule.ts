/**
 * A request's expiry as the pages let the sender choose it: a day (the request stays open to the
 * end of that day where the sender is), checked with shared's `expiryProblem` before it is sent.
 */
import { expiryProblem } from '@signet/shared/signature-request/signature-request.rules';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The moment a chosen day means: its last minute, local time (ISO); null for no valid day. */
export function expiryOfDay(day: string): string | null {
  const m = DAY.exec(day.trim());
  if (!m) return null;
  const at = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 0, 0);
  return Number.isNaN(at.getTime()) || at.getDate() !== Number(m[3]) ? null : at.toISOString();
}

/** The local day (`YYYY-MM-DD`) of an expiry, for a date input; '' for none. */
export function dayOfExpiry(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Why a chosen day cannot be the expiry now ('' is no choice: the default applies). */
export function dayProblem(day: string, now = new Date()): 'past' | 'tooLate' | null {
  if (day.trim() === '') return null;
  const iso = expiryOfDay(day);
  return iso ? expiryProblem(iso, now) : 'past';
}
