import { dashboardColour, signerStatus } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestStatus,
  TSignatureRequestListQuery,
} from '@signet/shared/signature-request/signature-request.schema';
import type { z } from 'zod';
import type { ZSignatureRequestListSchema } from '@signet/shared/signature-request/signature-request.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ActorRef, loadActor, type RequestRole } from './load-for-actor.ts';

export type TSignatureRequestList = z.output<typeof ZSignatureRequestListSchema>;

const SORT_COLUMNS: Record<TSignatureRequestListQuery['sortBy'], SQL> = {
  created_at: sql`r.created_at`,
  updated_at: sql`r.updated_at`,
  title: sql`lower(r.title)`,
  status: sql`r.status`,
};

/** `%` and `_` in the search text are literal. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DAY_MS = 24 * 60 * 60 * 1000;

type PageRow = {
  id: string;
  title: string;
  status: TRequestStatus;
  owner_id: string;
  owner_email: string;
  owner_first: string;
  owner_last: string;
  created_at: Date | string;
  updated_at: Date | string;
  document_count: number | string;
  is_observer: boolean;
  signers: { email: string; order: number; signed_at: string | null; declined_at: string | null }[] | null;
};

const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * `GET /v3/signature-requests-redesign`: the caller's requests — as owner, as signer (their
 * e-mail) or as observer — excluding deleted ones, with every query parameter of spec section 3:
 * - `status`: comma-joined overall statuses;
 * - `dateFrom`/`dateTo` (inclusive days, UTC) on the date `dateTimeMode` names (created/updated);
 * - `search`: case-insensitive substring of the title or of any participant's address;
 * - `sendBy`: `me` (I own it), `others` (sent to me), `all`;
 * - `sortBy` + `sortOrder`, ties broken by id; `page` (0-based) and `size` (25, 50, 100).
 *
 * Two queries: the page (with owner, signers and document count per row, computed only for the
 * rows of the page) and the total. Visibility is a union of three index lookups (requests by
 * owner, signer slots by e-mail, observers by e-mail), so the cost follows the caller's own
 * requests, not the size of the table.
 */
export async function listSignatureRequests(
  db: DbOrTx,
  principal: ActorRef,
  query: TSignatureRequestListQuery,
): Promise<TSignatureRequestList> {
  const actor = await loadActor(db, principal);
  const uid = actor.userId;
  const email = actor.email;

  const visible =
    query.sendBy === 'me'
      ? sql`select id from signature_requests where owner_id = ${uid}`
      : sql`select id from signature_requests where owner_id = ${uid}
            union select request_id from signers where email = ${email}
            union select request_id from observers where email = ${email}`;

  const where: SQL[] = [sql`r.deleted_at is null`];
  if (query.sendBy === 'others') where.push(sql`r.owner_id <> ${uid}`);
  if (query.status?.length) {
    where.push(sql`r.status in (${sql.join(query.status.map((s) => sql`${s}`), sql`, `)})`);
  }
  const dateCol = query.dateTimeMode === 'created' ? sql`r.created_at` : sql`r.updated_at`;
  if (query.dateFrom) where.push(sql`${dateCol} >= ${new Date(`${query.dateFrom}T00:00:00Z`).toISOString()}::timestamptz`);
  if (query.dateTo) {
    const end = new Date(new Date(`${query.dateTo}T00:00:00Z`).getTime() + DAY_MS).toISOString();
    where.push(sql`${dateCol} < ${end}::timestamptz`);
  }
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const p = likePattern(search);
    where.push(sql`(r.title ilike ${p}
      or exists (select 1 from users u where u.id = r.owner_id and u.email like ${p})
      or exists (select 1 from signers s where s.request_id = r.id and s.email like ${p})
      or exists (select 1 from observers o where o.request_id = r.id and o.email like ${p}))`);
  }
  const filter = sql.join(where, sql` and `);
  const dir = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const sortCol = SORT_COLUMNS[query.sortBy];

  const pageSql = sql`
    with page as (
      select r.id, ${sortCol} as sort_key
      from signature_requests r
      where r.id in (${visible}) and ${filter}
      order by sort_key ${dir}, r.id ${dir}
      limit ${query.size} offset ${query.page * query.size}
    )
    select r.id, r.title, r.status, r.owner_id, r.created_at, r.updated_at,
      u.email as owner_email, u.first_name as owner_first, u.last_name as owner_last,
      (select count(*) from request_documents d where d.request_id = r.id) as document_count,
      exists (select 1 from observers o where o.request_id = r.id and o.email = ${email}) as is_observer,
      (select json_agg(json_build_object('email', s.email, 'order', s."order",
          'signed_at', s.signed_at, 'declined_at', s.declined_at) order by s."order", s.created_at)
        from signers s where s.request_id = r.id) as signers
    from page join signature_requests r on r.id = page.id join users u on u.id = r.owner_id
    order by page.sort_key ${dir}, page.id ${dir}`;
  const countSql = sql`select count(*)::int as total from signature_requests r where r.id in (${visible}) and ${filter}`;

  const [pageRes, countRes] = await Promise.all([db.execute(pageSql), db.execute(countSql)]);
  const rows = (pageRes as unknown as { rows: PageRow[] }).rows;
  const total = Number((countRes as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);

  const items = rows.map((r) => {
    const signerFacts = (r.signers ?? []).map((s) => ({
      email: s.email,
      order: s.order,
      signedAt: s.signed_at,
      declinedAt: s.declined_at,
    }));
    const withStatus = signerFacts.map((s) => ({ email: s.email, status_code: signerStatus(r.status, s, signerFacts) }));
    const mine = withStatus.find((s) => s.email === email) ?? null;
    const roles: RequestRole[] = [];
    if (r.owner_id === uid) roles.push('owner');
    if (mine) roles.push('signer');
    if (r.is_observer) roles.push('observer');
    return {
      id: r.id,
      title: r.title,
      status_overall: r.status,
      colour: dashboardColour(r.status, mine?.status_code ?? null),
      owner: { id: r.owner_id, email: r.owner_email, name: `${r.owner_first} ${r.owner_last}`.trim() },
      signers: withStatus,
      document_count: Number(r.document_count),
      my_roles: roles,
      created_at: toIso(r.created_at),
      updated_at: toIso(r.updated_at),
    };
  });
  return { items, total, page: query.page, size: query.size };
}
