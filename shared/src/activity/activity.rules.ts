/** Rules of the activity lists, exports and statistics. Pure. */
import { ACTIVITY_DEFAULT_MONTHS } from './activity.constants.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The period of a list, an export or the statistics (days, UTC): the end defaults to today, the
 * start to the first day of the month ACTIVITY_DEFAULT_MONTHS − 1 months before the end's.
 */
export function activityPeriod(
  query: { start_date?: string | undefined; end_date?: string | undefined },
  today = new Date(),
): { start: string; end: string } {
  const end = query.end_date ?? day(today);
  if (query.start_date) return { start: query.start_date, end };
  const [y, m] = end.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - (ACTIVITY_DEFAULT_MONTHS - 1), 1));
  return { start: day(first), end };
}

/** The instants a period covers: from the start day's first moment to the end day's last. */
export function periodBounds(period: { start: string; end: string }): { from: Date; to: Date } {
  const from = new Date(`${period.start}T00:00:00.000Z`);
  const to = new Date(new Date(`${period.end}T00:00:00.000Z`).getTime() + 24 * 60 * 60 * 1000);
  return { from, to };
}
