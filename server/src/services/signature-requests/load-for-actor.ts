import {
  checkAction,
  isRequestVisible,
  signerStatus,
  type TActorFacts,
  type TRequestFacts,
} from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestAction,
  TSignerStatus,
} from '@signet/shared/signature-request/signature-request.schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, type TDocumentRow } from '../../db/schema/documents.ts';
import { observers } from '../../db/schema/observers.ts';
import {
  signatureRequests,
  type TSignatureRequestRow,
} from '../../db/schema/signature-requests.ts';
import { signers, type TSignerRow } from '../../db/schema/signers.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { jsonOf, rowOf, rowsOf } from '../../evidence/db-row.ts';
import type { NasPrincipal } from '../context.ts';

/** A caller's relation to a request. One person can hold several (an owner who also signs). */
export type RequestRole = 'owner' | 'signer' | 'observer';

/** A signer row with its derived status (see `signerStatus` in shared). */
export type LoadedSigner = TSignerRow & { status: TSignerStatus };

export type LoadedObserver = typeof observers.$inferSelect;

/** A document of the request with its position in the request. */
export type LoadedDocument = TDocumentRow & { position: number };

/**
 * The person calling, as far as requests are concerned. For a direct signer (`kind: 'nas'`),
 * `userId` is their signer slot's id (the evidence names it as the actor), `lang` their
 * language (Italian possible) and `name` the name the creator gave.
 */
export type RequestActor = {
  kind: 'user' | 'nas';
  userId: string;
  email: string;
  lang: string;
  name: string;
};

/** Everything a use case needs about one request, loaded for one caller. */
export type LoadedRequest = {
  request: TSignatureRequestRow;
  owner: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    lang: string;
    /**
     * The owner's individual plan as recorded (running or not) and the end a cancel set: whether
     * somebody pays for the request (billing's `requestPaid`).
     */
    individualPlan?: string | null;
    individualPlanEndsAt?: string | null;
  };
  /** In request order (position). */
  documents: LoadedDocument[];
  /** In signing order (order, then creation). */
  signers: LoadedSigner[];
  observers: LoadedObserver[];
  /** The caller's roles; never empty from loadRequestForActor (strangers get 404). */
  roles: RequestRole[];
  actor: RequestActor;
  /** The caller's own signer slot (matched by e-mail), or null. */
  mySigner: LoadedSigner | null;
  /** The names of the signers that have an account, by address. */
  accountNames: Map<string, string>;
  /** The language of every signer that has an account, by address (their invitations' language). */
  accountLangs: Map<string, { lang: string }>;
};

/** Anything with a user id: the route principal, or a user in a test or a job. */
export type ActorRef = { userId: string };

/**
 * A direct signer (role nas): one signer slot of one request, reached through its signing link
 * (the route layer checked the link; see http/direct-auth.ts).
 */
export type DirectSignerRef = NasPrincipal;

/** Whoever a request use case acts for: an account, or a direct signer. */
export type ParticipantRef = ActorRef | DirectSignerRef;

/** Whether the participant is a direct signer. */
export const isDirectSigner = (p: ParticipantRef): p is DirectSignerRef =>
  (p as DirectSignerRef).kind === 'nas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one 404 every stranger, deleted request and malformed id gets, so ids cannot be probed. */
export const requestNotFound = (): AppError =>
  new AppError('NOT_FOUND', 404, 'No such signature request');

/** The caller's account facts (e-mail lowercased, language, name); 404 when the account is gone. */
export async function loadActor(db: DbOrTx, ref: ActorRef): Promise<RequestActor> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      lang: users.lang,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, ref.userId))
    .limit(1);
  if (!user) throw requestNotFound();
  return {
    kind: 'user',
    userId: user.id,
    email: user.email.toLowerCase(),
    lang: user.lang,
    name: `${user.firstName} ${user.lastName}`.trim(),
  };
}

/**
 * Loads a request with its documents, signers (with derived status) and observers for one
 * caller, and decides the caller's roles.
 *
 * Decisions (ARCHITECTURE.md, issue "Signature requests end to end"):
 * - A caller is a participant when they own the request, or their account e-mail (lowercased)
 *   is a signer's or an observer's address. Signers are matched by e-mail, not by user id, so an
 *   invitation to an address works once someone signs up with it.
 * - Strangers, deleted requests (deletedAt set) and ids that are not UUIDs all get the same
 *   404 NOT_FOUND, before anything is written.
 * - `forUpdate` locks the request row (`SELECT … FOR UPDATE`) so concurrent state changes on the
 *   same request run one after the other; use it inside the transaction that writes.
 *
 * @throws AppError 404 NOT_FOUND
 */
export async function loadRequestForActor(
  tx: DbOrTx,
  requestId: string,
  principal: ParticipantRef,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedRequest> {
  const loaded = await loadRequestAsAnyone(tx, requestId, principal, options);
  if (loaded.roles.length === 0) throw requestNotFound();
  return loaded;
}

/**
 * Like {@link loadRequestForActor} but without the participant check: `roles` may be empty.
 * Only for the few calls that reach a request by something other than participation (a claim
 * link's token); everything else uses loadRequestForActor. Deleted requests are still 404.
 *
 * A direct signer is a participant of their own request only, as that one signer slot (never
 * matched by e-mail, never owner or observer); any other request is 404.
 */
export async function loadRequestAsAnyone(
  tx: DbOrTx,
  requestId: string,
  principal: ParticipantRef,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedRequest> {
  if (!UUID.test(requestId)) throw requestNotFound();
  const direct = isDirectSigner(principal) ? principal : null;
  if (direct && (direct.requestId !== requestId || !UUID.test(direct.signerId))) {
    throw requestNotFound();
  }
  // Two round trips with a lock, one without. The request row (with the caller and the owner,
  // whose rows every caller needs) comes first; with `forUpdate` it is locked by that statement,
  // and signers, observers and documents are read by the next one, after the lock is held:
  // a statement that waited for the lock would still see the others as they were before.
  const parts = requestParts(sql`${requestId}`);
  // The caller: an account, or (direct signer) the signer slot of this request.
  const caller = direct
    ? sql`join signers a on a.id = ${direct.signerId} and a.request_id = r.id
        and a.direct_nonce is not null`
    : sql`join users a on a.id = ${(principal as ActorRef).userId}`;
  const [head] = rowsOf(
    await tx.execute(sql`
      select ${HEAD} ${options.forUpdate ? sql`` : sql`, ${parts}`}
      from signature_requests r
        ${caller}
        join users w on w.id = r.owner_id
      where r.id = ${requestId} and r.deleted_at is null
      ${options.forUpdate ? sql`for update of r` : sql``}`),
  );
  // No such request, a deleted one, or the caller's or the owner's account is gone.
  if (!head) throw requestNotFound();
  const rest = options.forUpdate ? (rowsOf(await tx.execute(sql`select ${parts}`))[0] ?? {}) : head;
  return loadedFrom(head, rest, direct);
}

/**
 * {@link loadRequestForActor} for many requests of one account in one statement (a signing
 * batch reads all its requests at once): per id, the request or its 404.
 */
export async function loadRequestsForActor(
  tx: DbOrTx,
  requestIds: readonly string[],
  principal: ActorRef,
): Promise<Map<string, LoadedRequest | AppError>> {
  return (await loadRequestsWith(tx, requestIds, principal, null)).requests;
}

/**
 * {@link loadRequestsForActor} with a write in the same statement: `write` is a data-modifying
 * statement returning `id` (of the requests it wrote; a signature marks its requests as being
 * signed). The requests are read as they were before it (one statement, one snapshot); `written`
 * holds the ids it returned (lowercase). `account` is the caller's own row, read by the same
 * statement (null when the account is gone): what a signature's trust step decides from.
 * `caller`: more columns about the caller, computed once from their account row `a` (select
 * list items with names of their own); `callerRow` holds them as read.
 */
export async function loadRequestsWritingAlong(
  tx: DbOrTx,
  requestIds: readonly string[],
  principal: ActorRef,
  write: SQL | null,
  caller?: SQL,
): Promise<RequestsRead> {
  return loadRequestsWith(tx, requestIds, principal, write, caller);
}

/** What {@link loadRequestsWritingAlong} read. */
export type RequestsRead = {
  /** Per id asked: the request as the caller may see it, or its 404. */
  requests: Map<string, LoadedRequest | AppError>;
  /** The ids (lowercase) the write returned. */
  written: Set<string>;
  /** The caller's account row; null when the account is gone. */
  account: TUserRow | null;
  /** The raw row of the statement's `caller` columns (and the first request's); null: none. */
  callerRow: Record<string, unknown> | null;
};

async function loadRequestsWith(
  tx: DbOrTx,
  requestIds: readonly string[],
  principal: ActorRef,
  write: SQL | null,
  caller?: SQL,
): Promise<RequestsRead> {
  const ids = [...new Set(requestIds.filter((id) => UUID.test(id)))];
  const idList = ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`null`;
  // One row per request found (none found: one row without a request), each with the caller's
  // account row; no row when the account is gone.
  const rows = rowsOf(
    await tx.execute(sql`
      ${write ? sql`with written as (${write})` : sql``}
      select row_to_json(a) as account ${caller ? sql`, c.*` : sql``}, q.*
      from users a
        ${caller ? sql`cross join lateral (select ${caller}) c` : sql``}
        left join lateral (
          select r.id as request_id, ${HEAD}, ${requestParts(sql`r.id`)}
            ${write ? sql`, r.id in (select id from written) as written` : sql``}
          from signature_requests r
            join users w on w.id = r.owner_id
          where r.id in (${idList}) and r.deleted_at is null
        ) q on true
      where a.id = ${principal.userId}`),
  );
  const byId = new Map<string, Record<string, unknown>>();
  for (const row of rows) if (row.request_id != null) byId.set(String(row.request_id), row);
  const requests = new Map<string, LoadedRequest | AppError>();
  for (const id of requestIds) {
    const row = byId.get(id.toLowerCase());
    const loaded = row ? loadedFrom(row, row, null) : null;
    requests.set(id, loaded && loaded.roles.length > 0 ? loaded : requestNotFound());
  }
  const written = new Set<string>();
  for (const [id, row] of byId) if (row.written === true) written.add(id);
  const account = rows[0] ? rowOf(users, jsonOf(rows[0].account)) : null;
  return { requests, written, account, callerRow: rows[0] ?? null };
}

/** The request row, the caller (`a`) and the owner (`w`) of one row of `signature_requests r`. */
const HEAD = sql`row_to_json(r) as request,
  a.id as actor_id, a.email as actor_email, coalesce(a.lang, w.lang) as actor_lang,
  a.first_name as actor_first_name, a.last_name as actor_last_name,
  json_build_object('id', w.id, 'email', w.email, 'firstName', w.first_name,
    'lastName', w.last_name, 'lang', w.lang, 'individualPlan', w.individual_plan,
    'individualPlanEndsAt', w.individual_plan_ends_at) as owner`;

/** Signers, observers, documents and the signers' account names of the request `id`. */
const requestParts = (id: SQL) => sql`
  (select coalesce(json_agg(row_to_json(s) order by s."order", s.created_at, s.id), '[]')
     from signers s where s.request_id = ${id}) as signers,
  (select coalesce(json_agg(row_to_json(o) order by o.created_at), '[]')
     from observers o where o.request_id = ${id}) as observers,
  (select coalesce(json_agg(json_build_object('document', row_to_json(d), 'position', rd.position)
       order by rd.position, d.created_at), '[]')
     from request_documents rd join documents d on d.id = rd.document_id
     where rd.request_id = ${id}) as documents,
  (select coalesce(json_object_agg(u.email,
       json_build_array(trim(u.first_name || ' ' || u.last_name), u.lang)), '{}')
     from users u where u.email in (select s.email from signers s where s.request_id = ${id})
   ) as account_names`;

/** A request as loaded for its caller, from the head row and the parts. */
function loadedFrom(
  head: Record<string, unknown>,
  rest: Record<string, unknown>,
  direct: DirectSignerRef | null,
): LoadedRequest {
  const request = rowOf(signatureRequests, jsonOf(head.request));
  const actor: RequestActor = {
    kind: direct ? 'nas' : 'user',
    userId: String(head.actor_id),
    email: String(head.actor_email).toLowerCase(),
    lang: String(head.actor_lang),
    name: `${head.actor_first_name ?? ''} ${head.actor_last_name ?? ''}`.trim(),
  };
  const owner = jsonOf<LoadedRequest['owner']>(head.owner);
  const signerRows = jsonOf<Record<string, unknown>[]>(rest.signers).map((r) => rowOf(signers, r));
  const observerRows = jsonOf<Record<string, unknown>[]>(rest.observers).map((r) =>
    rowOf(observers, r),
  );
  const docRows = jsonOf<{ document: Record<string, unknown>; position: number }[]>(
    rest.documents,
  ).map((r) => ({ ...rowOf(documents, r.document), position: Number(r.position) }));

  const accounts = Object.entries(
    jsonOf<Record<string, [string, string]>>(rest.account_names ?? '{}'),
  );
  const accountNames = new Map(
    accounts.flatMap(([email, [name]]) => (name !== '' ? [[email, name] as const] : [])),
  );
  const accountLangs = new Map(accounts.map(([email, [, lang]]) => [email, { lang }]));
  const withStatus = deriveSignerStatuses(request.status, signerRows);
  const mySigner = direct
    ? (withStatus.find((s) => s.id === direct.signerId) ?? null)
    : (withStatus.find((s) => s.email === actor.email) ?? null);
  const roles: RequestRole[] = [];
  const isOwner = !direct && request.ownerId === actor.userId;
  if (isOwner) roles.push('owner');
  // A draft is its owner's alone: its signers and observers are strangers to it until it is sent.
  if (isRequestVisible(request.status, { isOwner })) {
    if (mySigner) roles.push('signer');
    if (!direct && observerRows.some((o) => o.email === actor.email)) roles.push('observer');
  }
  return {
    request,
    owner,
    documents: docRows,
    signers: withStatus,
    observers: observerRows,
    roles,
    actor,
    mySigner,
    accountNames,
    accountLangs,
  };
}

/** Adds the derived status to every signer row. */
export function deriveSignerStatuses(
  requestStatus: TSignatureRequestRow['status'],
  rows: readonly TSignerRow[],
): LoadedSigner[] {
  return rows.map((s) => ({ ...s, status: signerStatus(requestStatus, s, rows) }));
}

/** The facts `checkAction` needs about a loaded request. */
export function requestFacts(loaded: LoadedRequest): TRequestFacts {
  return {
    status: loaded.request.status,
    documentCount: loaded.documents.length,
    signerCount: loaded.signers.length,
    anySigned: loaded.signers.some((s) => s.signedAt !== null),
  };
}

/** The facts `checkAction` needs about the caller. */
export function actorFacts(loaded: LoadedRequest): TActorFacts {
  return { isOwner: loaded.roles.includes('owner'), signerStatus: loaded.mySigner?.status ?? null };
}

/**
 * Asks the shared rules (`checkAction`) whether the caller may do `action` now, and throws the
 * verdict as an AppError (403 NOT_ALLOWED, 409 with the rule's code) when not. Every state
 * change goes through here, so the rules live in one place.
 */
export function assertAction(loaded: LoadedRequest, action: TRequestAction): void {
  const verdict = checkAction(action, requestFacts(loaded), actorFacts(loaded));
  if (!verdict.ok) throw new AppError(verdict.code, verdict.status, verdict.message);
}
