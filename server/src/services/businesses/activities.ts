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

const IDENT_SORT = {
  identifiedAt: businessIdentifications.identifiedAt,
  email: businessIdentifications.email,
  method: businessIdentifications.method,
  provider: businessIdentifications.provider,
} as const;

/** `GET /v2/businesses/{id}/activities/identifications` (admin). */
export async function listIdentificationActivities(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TIdentificationActivityQuery,
): Promise<TIdentificationActivityList> {
  await readBusiness(ctx, businessId);
  const where = inPeriod(
    businessIdentifications.businessId,
    businessIdentifications.identifiedAt,
    businessId,
    query,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(businessIdentifications)
      .where(where)
      .orderBy(...orderBy(IDENT_SORT[query.sort.field], businessIdentifications.id, query.sort))
      .limit(query.size)
      .offset(query.page * query.size),
    ctx.db.select({ n: count() }).from(businessIdentifications).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      identifiedAt: r.identifiedAt.toISOString(),
      email: r.email,
      name: r.name,
      kind: r.kind,
      method: r.method,
      provider: r.provider,
      legislation: r.legislation,
    })),
    total: total?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}

const ACCOUNT_SORT = {
  at: businessEvents.at,
  type: businessEvents.type,
  actorEmail: businessEvents.actorEmail,
} as const;

/** `GET /v2/businesses/{id}/activities/accounts` (admin): the account log of the period. */
export async function listAccountActivities(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TAccountActivityQuery,
): Promise<TAccountActivityList> {
  await readBusiness(ctx, businessId);
  const where = inPeriod(businessEvents.businessId, businessEvents.at, businessId, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(businessEvents)
      .where(where)
      .orderBy(...orderBy(ACCOUNT_SORT[query.sort.field], businessEvents.id, query.sort))
      .limit(query.size)
      .offset(query.page * query.size),
    ctx.db.select({ n: count() }).from(businessEvents).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      type: r.type,
      at: r.at.toISOString(),
      actorEmail: r.actorEmail,
      subject: r.subject,
    })),
    total: total?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}
