import { activityPeriod, periodBounds } from '@signet/shared/activity/activity.rules';
import type {
  TAccountActivityList,
  TAccountActivityQuery,
  TIdentificationActivityList,
  TIdentificationActivityQuery,
  TSignatureActivityList,
  TSignatureActivityQuery,
} from '@signet/shared/activity/activity.schema';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { businessEvents } from '../../db/schema/business-events.ts';
import { businessIdentifications } from '../../db/schema/business-identifications.ts';
import { businessSignatures } from '../../db/schema/business-signatures.ts';
import type { ServiceContext } from '../context.ts';
import { readBusiness } from './membership.ts';
import { countSignatures } from './signature-counts.ts';

type Sort = { field: string; order: 'asc' | 'desc' };

/** ORDER BY the sorted column, then the row's id (a stable order for paging). */
function orderBy(column: AnyPgColumn, id: AnyPgColumn, sort: Sort): SQL[] {
  const dir = sort.order === 'asc' ? asc : desc;
  return [dir(column), dir(id)];
}

/** The period's rows of one business: `[from, to)` on `at`. */
function inPeriod(
  businessColumn: AnyPgColumn,
  at: AnyPgColumn,
  businessId: string,
  query: { start_date?: string | undefined; end_date?: string | undefined },
) {
  const { from, to } = periodBounds(activityPeriod(query));
  return and(eq(businessColumn, businessId), gte(at, from), lt(at, to));
}

const SIGNATURE_SORT = {
  signedAt: businessSignatures.signedAt,
  memberEmail: businessSignatures.memberEmail,
  signerEmail: businessSignatures.signerEmail,
  quality: businessSignatures.quality,
  costCentre: businessSignatures.costCentre,
  title: businessSignatures.title,
} as const;

/**
 * `GET /v2/businesses/{id}/activities/signatures` (admin): a page of the signatures counted for
 * the business in the period, sorted in the database (each sortable column has an index that
 * starts with the business), with the period's total.
 */
export async function listSignatureActivities(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TSignatureActivityQuery,
): Promise<TSignatureActivityList> {
  await readBusiness(ctx, businessId);
  const where = inPeriod(
    businessSignatures.businessId,
    businessSignatures.signedAt,
    businessId,
    query,
  );
  const { from, to } = periodBounds(activityPeriod(query));
  const order = orderBy(SIGNATURE_SORT[query.sort.field], businessSignatures.id, query.sort);
  // The page's ids first, from the sort's index alone (a deep page skips index entries, not
  // rows), then those rows.
  const page = ctx.db
    .select({ id: businessSignatures.id })
    .from(businessSignatures)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset(query.page * query.size)
    .as('page');
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ row: businessSignatures })
      .from(page)
      .innerJoin(businessSignatures, eq(businessSignatures.id, page.id))
      .orderBy(...order)
      .then((r) => r.map((x) => x.row)),
    countSignatures(ctx.db, businessId, from, to),
  ]);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      signedAt: r.signedAt.toISOString(),
      requestId: r.requestId,
      title: r.title,
      signerEmail: r.signerEmail,
      memberEmail: r.memberEmail,
      memberName: r.memberName,
      costCentre: r.costCentre,
      quality: r.quality,
      legislation: r.legislation,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/**
 * A page of a business's log table in the period: its rows sorted in the database (the column,
 * then the id) and the period's total, as `{ items, total, page, size }`.
 */
async function logPage<R extends { id: number }, I>(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TLogQuery,
  log: {
    table: TLogTable;
    business: AnyPgColumn;
    at: AnyPgColumn;
    id: AnyPgColumn;
    sort: AnyPgColumn;
  },
  toItem: (row: R) => I,
): Promise<{ items: I[]; total: number; page: number; size: number }> {
  await readBusiness(ctx, businessId);
  const where = inPeriod(log.business, log.at, businessId, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(log.table)
      .where(where)
      .orderBy(...orderBy(log.sort, log.id, query.sort))
      .limit(query.size)
      .offset(query.page * query.size) as unknown as Promise<R[]>,
    ctx.db.select({ n: count() }).from(log.table).where(where),
  ]);
  return { items: rows.map(toItem), total: total?.n ?? 0, page: query.page, size: query.size };
}

type TLogTable = typeof businessIdentifications | typeof businessEvents;
type TLogQuery = {
  page: number;
  size: number;
  sort: Sort;
  start_date?: string | undefined;
  end_date?: string | undefined;
};

const IDENT_SORT = {
  identifiedAt: businessIdentifications.identifiedAt,
  email: businessIdentifications.email,
  method: businessIdentifications.method,
  provider: businessIdentifications.provider,
} as const;

/** `GET /v2/businesses/{id}/activities/identifications` (admin). */
export function listIdentificationActivities(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TIdentificationActivityQuery,
): Promise<TIdentificationActivityList> {
  const t = businessIdentifications;
  return logPage(
    ctx,
    businessId,
    query,
    {
      table: t,
      business: t.businessId,
      at: t.identifiedAt,
      id: t.id,
      sort: IDENT_SORT[query.sort.field],
    },
    (r: typeof t.$inferSelect) => ({
      id: String(r.id),
      identifiedAt: r.identifiedAt.toISOString(),
      email: r.email,
      name: r.name,
      kind: r.kind,
      method: r.method,
      provider: r.provider,
      legislation: r.legislation,
    }),
  );
}

const ACCOUNT_SORT = {
  at: businessEvents.at,
  type: businessEvents.type,
  actorEmail: businessEvents.actorEmail,
} as const;

/** `GET /v2/businesses/{id}/activities/accounts` (admin): the account log of the period. */
export function listAccountActivities(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TAccountActivityQuery,
): Promise<TAccountActivityList> {
  const t = businessEvents;
  return logPage(
    ctx,
    businessId,
    query,
    { table: t, business: t.businessId, at: t.at, id: t.id, sort: ACCOUNT_SORT[query.sort.field] },
    (r: typeof t.$inferSelect) => ({
      id: String(r.id),
      type: r.type,
      at: r.at.toISOString(),
      actorEmail: r.actorEmail,
      subject: r.subject,
      data: r.data,
    }),
  );
}
