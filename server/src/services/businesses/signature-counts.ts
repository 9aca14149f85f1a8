import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../evidence/db-row.ts';

/** The first moment of the month (UTC) of `d`, or of the next month when `up` and `d` is not one. */
function monthStart(d: Date, up: boolean): Date {
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  return up && start.getTime() < d.getTime()
    ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
    : start;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A business's signatures in `[from, to)` per month (UTC, `YYYY-MM`) and quality, counted in the
 * database: the whole months from the monthly totals (`business_signature_months`), the partial
 * first and last month exactly from `business_signatures`. One round trip.
 */
export async function signaturesByMonth(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
): Promise<{ month: string; quality: string; count: number }[]> {
  const firstWhole = monthStart(from, true);
  const wholeEnd = monthStart(to, false);
  const exact = (a: Date, b: Date) => sql`
    select to_char(date_trunc('month', signed_at at time zone 'UTC'), 'YYYY-MM') as month,
      quality, count(*)::int as n
    from business_signatures
    where business_id = ${businessId} and signed_at >= ${a.toISOString()}::timestamptz
      and signed_at < ${b.toISOString()}::timestamptz
    group by 1, 2`;
  const parts =
    firstWhole < wholeEnd
      ? sql`
        select to_char(month, 'YYYY-MM') as month, quality, signatures as n
        from business_signature_months
        where business_id = ${businessId} and month >= ${day(firstWhole)}::date
          and month < ${day(wholeEnd)}::date
        union all ${exact(from, firstWhole)}
        union all ${exact(wholeEnd, to)}`
      : exact(from, to);
  const rows = rowsOf(
    await db.execute(sql`
      select month, quality, sum(n)::int as n from (${parts}) p
      group by 1, 2 order by 1, 2`),
  );
  return rows.map((r) => ({
    month: String(r.month),
    quality: String(r.quality),
    count: Number(r.n),
  }));
}

/**
 * How many signatures a business has in `[from, to)`: the whole months' totals from
 * `business_signature_months`, the partial first and last month counted from the
 * `(business_id, signed_at, id)` index alone (no row is read, nothing is grouped: the activity
 * list asks this on every page). One round trip.
 */
export async function countSignatures(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const firstWhole = monthStart(from, true);
  const wholeEnd = monthStart(to, false);
  const exact = (a: Date, b: Date) => sql`(
    select count(*) from business_signatures
    where business_id = ${businessId} and signed_at >= ${a.toISOString()}::timestamptz
      and signed_at < ${b.toISOString()}::timestamptz)`;
  const total =
    firstWhole < wholeEnd
      ? sql`(
          select coalesce(sum(signatures), 0) from business_signature_months
          where business_id = ${businessId} and month >= ${day(firstWhole)}::date
            and month < ${day(wholeEnd)}::date)
        + ${exact(from, firstWhole)} + ${exact(wholeEnd, to)}`
      : exact(from, to);
  const [row] = rowsOf(await db.execute(sql`select (${total})::int as n`));
  return Number(row?.n ?? 0);
}
