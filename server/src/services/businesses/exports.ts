import { activityPeriod, periodBounds } from '@signet/shared/activity/activity.rules';
import type {
  TIdentificationExportQuery,
  TSignatureExportQuery,
} from '@signet/shared/activity/activity.schema';
import { exportFileName } from '@signet/shared/business/business.rules';
import { and, asc, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { businessIdentifications } from '../../db/schema/business-identifications.ts';
import { businessSignatures } from '../../db/schema/business-signatures.ts';
import type { CsvBatches } from '../../http/csv-response.ts';
import type { ServiceContext } from '../context.ts';
import { readBusiness } from './membership.ts';

/** Rows read per query while streaming an export: memory stays at one batch. */
export const EXPORT_BATCH = 5000;

/** A CSV export: its file name, header and rows (streamed by `csvResponse`). */
export type TCsvExport = { fileName: string; header: string[]; rows: CsvBatches };

/**
 * Reads a table in (at, id) order a batch at a time: each batch starts after the last row of the
 * one before (keyset, a row comparison the (business, at, id) index answers), so a batch costs
 * the same at the start and at row 100,000.
 */
async function* keyset<R extends { id: number }>(
  table: { where: SQL | undefined; at: AnyPgColumn; id: AnyPgColumn },
  read: (where: SQL | undefined) => Promise<R[]>,
  atOf: (row: R) => Date,
  toCells: (row: R) => unknown[],
): AsyncGenerator<unknown[][]> {
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const rows = await read(
      after
        ? and(
            table.where,
            sql`(${table.at}, ${table.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`,
          )
        : table.where,
    );
    if (rows.length === 0) return;
    yield rows.map(toCells);
    const last = rows[rows.length - 1] as R;
    after = { at: atOf(last), id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Counts per quality pivoted to one row per group, qualities as columns (those that occur). */
function pivot(
  rows: { key: string[]; quality: string; n: number }[],
  keyHeader: string[],
): { header: string[]; rows: unknown[][] } {
  const qualities = [...new Set(rows.map((r) => r.quality))].sort();
  const groups = new Map<string, { key: string[]; counts: Map<string, number> }>();
  for (const r of rows) {
    const id = JSON.stringify(r.key);
    const group = groups.get(id) ?? { key: r.key, counts: new Map() };
    group.counts.set(r.quality, (group.counts.get(r.quality) ?? 0) + r.n);
    groups.set(id, group);
  }
  return {
    header: [
      ...keyHeader,
      ...qualities.map((q) => `signatures_${q.toLowerCase()}`),
      'signatures_total',
    ],
    rows: [...groups.values()].map((g) => {
      const counts = qualities.map((q) => g.counts.get(q) ?? 0);
      return [...g.key, ...counts, counts.reduce((a, b) => a + b, 0)];
    }),
  };
}

async function* once(rows: unknown[][]): AsyncGenerator<unknown[][]> {
  yield rows;
}

/**
 * `GET …/activities/signatures/export` (admin): the period's signatures as CSV — one row each,
 * or counted per member or per cost centre with a column per quality.
 */
export async function exportSignatures(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TSignatureExportQuery,
): Promise<TCsvExport> {
  await readBusiness(ctx, businessId);
  const period = activityPeriod(query);
  const { from, to } = periodBounds(period);
  const fileName = exportFileName('signatures', period, query.group_by);
  const t = businessSignatures;
  const where = and(eq(t.businessId, businessId), gte(t.signedAt, from), lt(t.signedAt, to));
  if (query.group_by) {
    const byMember = query.group_by === 'member';
    const keys = byMember ? [t.memberEmail, t.memberName] : [t.costCentre];
    const rows = await ctx.db
      .select({
        a: keys[0] ?? t.costCentre,
        b: byMember ? t.memberName : t.costCentre,
        quality: t.quality,
        n: count(),
      })
      .from(t)
      .where(where)
      .groupBy(...keys, t.quality)
      .orderBy(...keys.map((k) => asc(k)));
    const table = pivot(
      rows.map((r) => ({ key: byMember ? [r.a, r.b] : [r.a], quality: r.quality, n: r.n })),
      byMember ? ['member_email', 'member_name'] : ['cost_centre'],
    );
    return { fileName, header: table.header, rows: once(table.rows) };
  }
  return {
    fileName,
    header: [
      'signed_at',
      'title',
      'signer_email',
      'member_email',
      'member_name',
      'cost_centre',
      'quality',
      'legislation',
      'request_id',
    ],
    rows: keyset(
      { where, at: t.signedAt, id: t.id },
      // Only the columns the file has (each row is decoded once, 100,000 times over).
      (w) =>
        ctx.db
          .select({
            id: t.id,
            signedAt: t.signedAt,
            title: t.title,
            signerEmail: t.signerEmail,
            memberEmail: t.memberEmail,
            memberName: t.memberName,
            costCentre: t.costCentre,
            quality: t.quality,
            legislation: t.legislation,
            requestId: t.requestId,
          })
          .from(t)
          .where(w)
          .orderBy(asc(t.signedAt), asc(t.id))
          .limit(EXPORT_BATCH),
      (r) => r.signedAt,
      (r) => [
        r.signedAt.toISOString(),
        r.title,
        r.signerEmail,
        r.memberEmail,
        r.memberName,
        r.costCentre,
        r.quality,
        r.legislation ?? '',
        r.requestId,
      ],
    ),
  };
}

/** `GET …/activities/identifications/export` (admin): the period's identifications as CSV. */
export async function exportIdentifications(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TIdentificationExportQuery,
): Promise<TCsvExport> {
  await readBusiness(ctx, businessId);
  const period = activityPeriod(query);
  const { from, to } = periodBounds(period);
  const t = businessIdentifications;
  const where = and(
    eq(t.businessId, businessId),
    gte(t.identifiedAt, from),
    lt(t.identifiedAt, to),
  );
  return {
    fileName: exportFileName('identifications', period),
    header: ['identified_at', 'email', 'name', 'kind', 'method', 'provider', 'legislation'],
    rows: keyset(
      { where, at: t.identifiedAt, id: t.id },
      (w) =>
        ctx.db
          .select()
          .from(t)
          .where(w)
          .orderBy(asc(t.identifiedAt), asc(t.id))
          .limit(EXPORT_BATCH),
      (r) => r.identifiedAt,
      (r) => [
        r.identifiedAt.toISOString(),
        r.email,
        r.name,
        r.kind,
        r.method,
        r.provider,
        r.legislation ?? '',
      ],
    ),
  };
}

/**
 * Counts an identification for a business (a member's, or a signer's in a member's request), once
 * per identification: the identification service calls it when an identification succeeds.
 */
export async function recordBusinessIdentification(
  db: Pick<Db, 'insert'>,
  input: {
    businessId: string;
    identificationId: string;
    userId: string | null;
    email: string;
    name: string;
    kind: 'member' | 'invitation';
    method: string;
    provider: string;
    legislation: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(businessIdentifications)
    .values({
      businessId: input.businessId,
      identificationId: input.identificationId,
      userId: input.userId,
      email: input.email,
      name: input.name,
      kind: input.kind,
      method: input.method,
      provider: input.provider,
      legislation: input.legislation,
      identifiedAt: input.at,
    })
    .onConflictDoNothing();
}
