import {
  dashboardColour,
  signerStatus,
} from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestStatus,
  TSignatureRequestListQuery,
  ZSignatureRequestListSchema,
} from '@signet/shared/signature-request/signature-request.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type ActorRef, loadActor, type RequestRole, requestNotFound } from './load-for-actor.ts';

export type TSignatureRequestList = z.output<typeof ZSignatureRequestListSchema>;

const SORT_COLUMNS: Record<TSignatureRequestListQuery['sortBy'], SQL> = {
  created_at: sql`i.created_at`,
  updated_at: sql`i.updated_at`,
  title: sql`i.title_lower`,
  status: sql`i.status`,
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
  is_owner: boolean;
  is_signer: boolean;
  is_observer: boolean;
  signers:
    | {
        email: string;
        order: number;
        created_at: string;
        signed_at: string | null;
        declined_at: string | null;
      }[]
    | null;
};

const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * Account e-mail by user id. Addresses never change (no call changes them; a deleted account's
 * id is never reused), so they are cached for the process' lifetime.
 */
const emails = new Map<string, string>();

async function callerEmail(db: DbOrTx, principal: ActorRef): Promise<string> {
  const known = emails.get(principal.userId);
  if (known) return known;
  const actor = await loadActor(db, principal);
  if (emails.size >= MAX_CACHED_TOTALS) emails.clear();
  emails.set(principal.userId, actor.email);
  return actor.email;
}

/**
 * Totals by (address, filters), valid while the address's inbox version is unchanged. Counting
 * 10,000 index entries costs more than the whole page; the version check is one index probe.
 */
const totals = new Map<string, { version: number; total: number }>();
const MAX_CACHED_TOTALS = 10_000;

function rememberTotal(key: string, version: number, total: number) {
  if (totals.size >= MAX_CACHED_TOTALS) {
    const oldest = totals.keys().next().value;
    if (oldest !== undefined) totals.delete(oldest);
  }
  totals.set(key, { version, total });
}

/**
 * `GET /v3/signature-requests-redesign`: the caller's requests — as owner, as signer (their
 * e-mail) or as observer — excluding deleted ones, with every query parameter of spec section 3:
 * - `status`: comma-joined overall statuses;
 * - `dateFrom`/`dateTo` (inclusive days, UTC) on the date `dateTimeMode` names (created/updated);
 * - `search`: case-insensitive substring of the title or of any participant's address;
 * - `sendBy`: `me` (I own it), `others` (sent to me), `all`;
 * - `sortBy` + `sortOrder`, ties broken by id; `page` (0-based) and `size` (25, 50, 100).
 *
 * It reads the `request_inbox` read model (one row per participant address and request, kept
 * by triggers): the page is an index range scan on (email, sort key) that stops after the page,
 * with owner, signers and document count computed only for the rows of the page.
 * The total is cached per (caller, filters) and reused while the caller's inbox version
 * (`request_inbox_versions`, raised by every change) is the same; the version, the total (or
 * its reuse) and the page come from one statement, so they belong to one snapshot.
 */
export async function listSignatureRequests(
  db: DbOrTx,
  principal: ActorRef,
  query: TSignatureRequestListQuery,
): Promise<TSignatureRequestList> {
  const email = await callerEmail(db, principal);
  const me = sql`${email}`;
  const where: SQL[] = [sql`i.email = ${me}`, sql`i.visible`];
  if (query.sendBy === 'me') where.push(sql`i.is_owner`);
  if (query.sendBy === 'others') where.push(sql`not i.is_owner`);
  if (query.status?.length) {
    where.push(
      sql`i.status in (${sql.join(
        query.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  const dateCol = query.dateTimeMode === 'created' ? sql`i.created_at` : sql`i.updated_at`;
  if (query.dateFrom) {
    where.push(
      sql`${dateCol} >= ${new Date(`${query.dateFrom}T00:00:00Z`).toISOString()}::timestamptz`,
    );
  }
  if (query.dateTo) {
    const end = new Date(new Date(`${query.dateTo}T00:00:00Z`).getTime() + DAY_MS).toISOString();
    where.push(sql`${dateCol} < ${end}::timestamptz`);
  }
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const p = likePattern(search);
    where.push(sql`(i.title_lower like ${p}
      or exists (select 1 from request_inbox o where o.request_id = i.request_id and o.visible and o.email like ${p}))`);
  }
  const filter = sql.join(where, sql` and `);
  const dir = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const sortCol = SORT_COLUMNS[query.sortBy];

  const totalKey = JSON.stringify([
    principal.userId,
    query.sendBy,
    query.status,
    query.dateTimeMode,
    query.dateFrom,
    query.dateTo,
    search,
  ]);
  const cached = totals.get(totalKey);
  const count = sql`(select count(*)::int from request_inbox i where ${filter})`;
  // The cached total is used only when the version is unchanged; otherwise the count (an
  // init plan, evaluated only when needed) runs in the same statement, in the same snapshot.
  const total = cached
    ? sql`case when v.version = ${cached.version}::bigint then ${cached.total}::int else ${count} end`
    : count;

  // One statement: caller's address, version, total and the page with owner, signers and
  // document count (computed for the page's rows only).
  const res = await db.execute(sql`
    with page as (
      select i.request_id, ${sortCol} as sort_key, i.is_owner, i.is_signer, i.is_observer
      from request_inbox i
      where ${filter}
      order by sort_key ${dir}, i.request_id ${dir}
      limit ${query.size} offset ${query.page * query.size}
    ),
    v as (
      select coalesce((select version from request_inbox_versions where email = ${me}), 0)::bigint as version
    )
    select v.version, ${total} as total,
      (select json_agg(json_build_object(
          'id', r.id, 'title', r.title, 'status', r.status, 'owner_id', r.owner_id,
          'created_at', r.created_at, 'updated_at', r.updated_at,
          'is_owner', page.is_owner, 'is_signer', page.is_signer, 'is_observer', page.is_observer,
          'owner_email', u.email, 'owner_first', u.first_name, 'owner_last', u.last_name,
          'document_count', (select count(*) from request_documents d where d.request_id = r.id),
          'signers', (select json_agg(json_build_object('email', s.email, 'order', s."order",
              'created_at', s.created_at, 'signed_at', s.signed_at, 'declined_at', s.declined_at))
            from signers s where s.request_id = r.id))
        order by page.sort_key ${dir}, page.request_id ${dir})
       from page join signature_requests r on r.id = page.request_id join users u on u.id = r.owner_id) as rows
    from v`);
  const row = (
    res as unknown as {
      rows: { version: string | number; total: number; rows: PageRow[] | string | null }[];
    }
  ).rows[0];
  if (!row) throw requestNotFound();
  const version = Number(row.version);
  rememberTotal(totalKey, version, Number(row.total));
  const rows: PageRow[] = typeof row.rows === 'string' ? JSON.parse(row.rows) : (row.rows ?? []);

  const items = rows.map((r) => {
    // Sorted here rather than in the statement: cheaper in JS for a handful of signers.
    const sorted = (r.signers ?? []).sort(
      (a, b) => a.order - b.order || a.created_at.localeCompare(b.created_at),
    );
    const signerFacts = sorted.map((s) => ({
      email: s.email,
      order: s.order,
      signedAt: s.signed_at,
      declinedAt: s.declined_at,
    }));
    const withStatus = signerFacts.map((s) => ({
      email: s.email,
      status_code: signerStatus(r.status, s, signerFacts),
    }));
    const mine = withStatus.find((s) => s.email === email) ?? null;
    const roles: RequestRole[] = [];
    if (r.is_owner) roles.push('owner');
    if (r.is_signer) roles.push('signer');
    if (r.is_observer) roles.push('observer');
    return {
      id: r.id,
      title: r.title,
      status_overall: r.status,
      colour: dashboardColour(r.status, mine?.status_code ?? null),
      owner: {
        id: r.owner_id,
        email: r.owner_email,
        name: `${r.owner_first} ${r.owner_last}`.trim(),
      },
      signers: withStatus,
      document_count: Number(r.document_count),
      my_roles: roles,
      created_at: toIso(r.created_at),
      updated_at: toIso(r.updated_at),
    };
  });
  return { items, total: Number(row.total), page: query.page, size: query.size };
}
