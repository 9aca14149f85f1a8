import type { TDashboardColour } from '@signet/shared/signature-request/signature-request.constants';
import { signerStatus } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestStatus,
  TSignatureRequestList,
  TSignatureRequestListQuery,
} from '@signet/shared/signature-request/signature-request.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../context.ts';
import { type ActorRef, loadActor, type RequestRole, requestNotFound } from './load-for-actor.ts';

const SORT_COLUMNS: Record<TSignatureRequestListQuery['sortBy'], SQL> = {
  created_at: sql`i.created_at`,
  updated_at: sql`i.updated_at`,
  title: sql`i.title_lower`,
  status: sql`i.status`,
};

/** `%` and `_` in the search text are literal. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A card of `request_cards` (see the migration `request_cards_triggers`). */
type Card = {
  title: string;
  status: TRequestStatus;
  created_at: string;
  updated_at: string;
  document_count: number;
  signers: { email: string; order: number; signed_at: string | null; declined_at: string | null }[];
};

/**
 * A row of the page: [id, card, is_owner, is_signer, is_observer, owner id, [e-mail, first,
 * last], colour].
 */
type PageRow = [
  string,
  Card,
  boolean,
  boolean,
  boolean,
  string,
  [string, string, string],
  TDashboardColour,
];

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
 * - `colour`: comma-joined dashboard colours as the caller sees them (to-sign, waiting, …),
 *   read from the inbox row, so a filtered page is full and its total the filtered count;
 * - `dateFrom`/`dateTo` (inclusive days, UTC) on the date `dateTimeMode` names (created/updated);
 * - `search`: case-insensitive substring of the title or of any participant's address;
 * - `sendBy`: `me` (I own it), `others` (sent to me), `all`;
 * - `sortBy` + `sortOrder`, ties broken by id; `page` (0-based) and `size` (25, 50, 100).
 *
 * It reads the `request_inbox` read model (one row per participant address and request, kept
 * by triggers): the page is an index range scan on (email, sort key) that stops after the page,
 * with each row's card (`request_cards`: title, status, dates, signers, document count,
 * pre-built by triggers) and owner; roles and colour follow from the inbox row and the card.
 * The total is cached per (caller, filters) and reused while the caller's inbox version
 * (`request_inbox_versions`, raised by every change) is the same; the version, the total (or
 * its reuse) and the page come from one statement, so they belong to one snapshot.
 */
export async function listSignatureRequests(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  query: TSignatureRequestListQuery,
): Promise<TSignatureRequestList> {
  const { db } = ctx;
  const email = await callerEmail(db, ctx.principal);
  const me = sql`${email}`;
  // A draft is its owner's alone (isRequestVisible): others see the request once it is sent.
  const where: SQL[] = [
    sql`i.email = ${me}`,
    sql`i.visible`,
    sql`(i.is_owner or i.status <> 'DRAFT')`,
  ];
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
  if (query.colour?.length) {
    where.push(
      sql`i.colour in (${sql.join(
        query.colour.map((c) => sql`${c}`),
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
    ctx.principal.userId,
    query.sendBy,
    query.status,
    query.colour,
    query.dateTimeMode,
    query.dateFrom,
    query.dateTo,
    search,
  ]);
  const cached = totals.get(totalKey);
  const count = sql`(select count(*)::int from request_inbox i where ${filter})`;

  // One statement: version, total (when asked) and the page — its inbox rows (index range scan
  // on the address and the sort key) with their ready-made cards and owners. Scalar subqueries
  // rather than joins: the same plan, planned in half the time.
  const run = async (withCount: boolean) => {
    const res = await db.execute(sql`
      select v.version, ${withCount ? count : sql`null::int`} as total,
        (select json_agg(json_build_array(p.request_id,
            (select c.card from request_cards c where c.request_id = p.request_id),
            p.is_owner, p.is_signer, p.is_observer, p.owner_id,
            (select json_build_array(u.email, u.first_name, u.last_name) from users u where u.id = p.owner_id),
            p.colour)
          order by p.sort_key ${dir}, p.request_id ${dir})
         from (
           select i.request_id, ${sortCol} as sort_key, i.owner_id, i.is_owner, i.is_signer, i.is_observer,
             i.colour
           from request_inbox i
           where ${filter}
           order by sort_key ${dir}, i.request_id ${dir}
           limit ${query.size} offset ${query.page * query.size}
         ) p) as rows
      from (select coalesce((select version from request_inbox_versions where email = ${me}), 0)::bigint as version) v`);
    const row = (
      res as unknown as {
        rows: { version: string | number; total: number | null; rows: PageRow[] | string | null }[];
      }
    ).rows[0];
    if (!row) throw requestNotFound();
    return row;
  };
  // A cached total is used when the version read with the page is the one it was counted at
  // (then it is the total of the page's snapshot); otherwise the statement runs again with the
  // count, so that total and page still come from one snapshot. Leaving the count out of the
  // usual statement halves its planning time.
  let row = await run(!cached);
  const version = Number(row.version);
  let total: number;
  if (cached && cached.version === version) total = cached.total;
  else {
    if (row.total === null) row = await run(true);
    total = Number(row.total);
    rememberTotal(totalKey, Number(row.version), total);
  }
  const rows: PageRow[] = typeof row.rows === 'string' ? JSON.parse(row.rows) : (row.rows ?? []);

  const items = rows.map(
    ([id, card, isOwner, isSigner, isObserver, ownerId, [ownerEmail, first, last], colour]) => {
      const signerFacts = card.signers.map((s) => ({
        email: s.email,
        order: s.order,
        signedAt: s.signed_at,
        declinedAt: s.declined_at,
      }));
      const withStatus = signerFacts.map((s) => ({
        email: s.email,
        status_code: signerStatus(card.status, s, signerFacts),
      }));
      const roles: RequestRole[] = [];
      if (isOwner) roles.push('owner');
      if (isSigner) roles.push('signer');
      if (isObserver) roles.push('observer');
      return {
        id,
        title: card.title,
        status_overall: card.status,
        // The inbox row's colour (what the filter matched) is shared's dashboardColour kept by
        // the database; the list tests check the two agree on every row.
        colour,
        owner: { id: ownerId, email: ownerEmail, name: `${first} ${last}`.trim() },
        signers: withStatus,
        document_count: card.document_count,
        my_roles: roles,
        created_at: card.created_at,
        updated_at: card.updated_at,
      };
    },
  );
  return { items, total, page: query.page, size: query.size };
}
