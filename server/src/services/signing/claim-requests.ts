/**
 * The claim of a signature: the request marked as being signed by the caller (`lockedUntil`,
 * what lock-status shows) in the statement that reads it for them. An account's batch claims
 * and reads all its requests, with the caller's account row and stamp, in one statement.
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { type TVisualSignatureRow, visualSignatures } from '../../db/schema/visual-signatures.ts';
import { jsonOf, rowOf, rowsOf } from '../../evidence/db-row.ts';
import {
  type ActorRef,
  isDirectSigner,
  type LoadedRequest,
  loadRequestForActor,
  loadRequestsWritingAlong,
  type ParticipantRef,
  type RequestsRead,
  requestNotFound,
} from '../signature-requests/load-for-actor.ts';
import { stampSettingsFor, stampSettingsOf } from '../visual-signatures/stamp-settings.ts';
import type { SigningContext } from './context.ts';
import type { TSignPayload } from './sign-request.ts';
import { type SigningBatch, shared } from './signing-batch.ts';
import type { StampSettings } from './visual-signature.ts';

/** How long `lockedUntil` marks a request as being signed (cleared when the signature is in). */
const LOCK_MS = 60_000;

/** An account's batch as its one statement read it (see {@link claimAndLoadBatch}). */
export type BatchRequests = RequestsRead & {
  /** The caller's default visual signature (their stamp), or null. */
  visualSignature: TVisualSignatureRow | null;
};

const REQUESTS = 'requests';
const STAMP_SETTINGS = 'stamp-settings';

/** The caller's default visual signature, as a column of the batch's statement. */
const DEFAULT_VISUAL_SIGNATURE = sql`(select row_to_json(v) from visual_signatures v
  where v.user_id = a.id and v.is_default limit 1) as default_visual_signature`;

/**
 * Marks every request of an account's batch as being signed by the caller (see
 * {@link claimSql}) and reads them, with the caller's account row and default visual signature,
 * in one statement. The trust step decides from these rows (the caller's qualities, each slot's
 * own standard); the batch's entries then take their request and stamp from it
 * (`batchRequestsRead`).
 */
export async function claimAndLoadBatch(
  ctx: SigningContext,
  requestIds: readonly string[],
  principal: ActorRef,
): Promise<BatchRequests> {
  const read = await loadRequestsWritingAlong(
    ctx.db,
    requestIds,
    principal,
    claimSql(requestIds, principal),
    DEFAULT_VISUAL_SIGNATURE,
  );
  const visual = read.callerRow?.default_visual_signature;
  return { ...read, visualSignature: visual ? rowOf(visualSignatures, jsonOf(visual)) : null };
}

/**
 * Hands a batch's read (claimAndLoadBatch) to its entries: none reads its request again, and
 * the caller's stamp is made once from the visual signature read (when an entry needs it: a
 * seal signs with its own stamp).
 */
export function batchRequestsRead(
  ctx: Pick<SigningContext, 'blobs'>,
  batch: SigningBatch,
  read: BatchRequests,
  entries: readonly TSignPayload[],
): void {
  batch.memo.set(REQUESTS, Promise.resolve(read));
  if (entries.every((e) => e.sealAccountName)) return;
  const row = read.visualSignature;
  shared(batch, STAMP_SETTINGS, () =>
    row ? stampSettingsOf(ctx.blobs, row, true) : Promise.resolve(null),
  ).catch(() => {});
}

/** The caller's stamp settings (their default visual signature), made once per batch. */
export function callerStamp(
  ctx: Pick<SigningContext, 'db' | 'blobs' | 'batch'>,
  userId: string,
): Promise<StampSettings | null> {
  return shared(ctx.batch, STAMP_SETTINGS, () => stampSettingsFor(ctx, userId));
}

/** Clears the claim on requests `ids` (a refused or failed signature; never throws). */
export async function releaseClaims(ctx: SigningContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db
    .update(signatureRequests)
    .set({ lockedUntil: null })
    .where(inArray(signatureRequests.id, [...ids]))
    .catch(() => {});
}

/**
 * Marks request `id` as being signed by the caller (see {@link claimSql}) and reads it for them:
 * whether it was marked, and the request or why it cannot be read (an error, thrown by the
 * caller). An account's batch has done both for all its requests in one statement.
 */
export async function claimAndLoad(
  ctx: SigningContext,
  id: string,
): Promise<{ claimed: boolean; first: LoadedRequest | Error }> {
  const { batch, principal } = ctx;
  if (batch && !isDirectSigner(principal)) {
    const both = await shared(batch, REQUESTS, () =>
      claimAndLoadBatch(ctx, batch.requestIds, principal),
    ).catch((e: unknown) => e as Error);
    if (both instanceof Error) return { claimed: false, first: both };
    return {
      claimed: both.written.has(id.toLowerCase()),
      first: both.requests.get(id) ?? requestNotFound(),
    };
  }
  const claim = claimSql([id], principal);
  const [claimed, first] = await Promise.all([
    claim ? ctx.db.execute(claim).then((rows) => rowsOf(rows).length > 0) : false,
    loadRequestForActor(ctx.db, id, principal).catch((e: unknown) => e as Error),
  ]);
  return { claimed, first };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sets `lockedUntil` on each request where the caller is an open signer whose turn it is,
 * returning their ids; null when no id can be one.
 */
function claimSql(requestIds: readonly string[], who: ParticipantRef): SQL | null {
  const ids = [...new Set(requestIds.filter((id) => UUID.test(id)))];
  if (ids.length === 0) return null;
  // The caller's slot: a direct signer's own, or the one matching the account's address.
  if (isDirectSigner(who) && !UUID.test(who.signerId)) return null;
  const slot = isDirectSigner(who)
    ? sql`select 1 from signers s where s.id = ${who.signerId} and s.direct_nonce is not null`
    : sql`select 1 from signers s join users u on u.id = ${who.userId} and lower(u.email) = s.email
        where true`;
  return sql`
    update signature_requests r set locked_until = ${new Date(Date.now() + LOCK_MS)}
    where r.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and r.status = 'OPEN' and r.deleted_at is null
      and exists (
        ${slot}
        and s.request_id = r.id and s.signed_at is null and s.declined_at is null
          and not exists (
            select 1 from signers o
            where o.request_id = r.id and o."order" < s."order" and o.signed_at is null
          )
      )
    returning r.id`;
}
