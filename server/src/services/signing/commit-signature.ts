import { statusAfterSignature } from '@signet/shared/signature-request/signature-request.rules';
import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { jsonOf, rowsOf } from '../../evidence/db-row.ts';
import {
  type EventMeta,
  lockChainHead,
  type RecordEventInput,
  recordEvents,
} from '../../evidence/record-event.ts';
import type { JobRows } from '../../mail/outbox.ts';
import { sha256Hex } from '../../storage/blob-store.ts';
import { phase } from '../../trace/phases.ts';
import type { TBusinessWithSettings } from '../businesses/settings.ts';
import type { LoadedRequest } from '../signature-requests/load-for-actor.ts';
import { dueInvitations, notifyNextSigners } from '../signature-requests/notify-next-signers.ts';
import type { PreparedSignature } from './prepare-signature.ts';
import { protocolJob } from './protocol-job.ts';
import type { EntryTrust } from './trust-step.ts';

/** The request moved on while the signature was prepared: prepare again from what it is now. */
export class RequestChangedError extends Error {
  constructor() {
    super('The request changed while the signature was prepared');
    this.name = 'RequestChangedError';
  }
}

/** What must not have changed between preparing and committing a signature. */
export function signingSnapshot(loaded: LoadedRequest): string {
  return JSON.stringify({
    status: loaded.request.status,
    signers: loaded.signers
      .map((s) => [s.id, s.email, s.order, s.signedAt !== null, s.declinedAt !== null])
      .sort(),
    documents: loaded.documents.map((d) => [d.id, d.currentBlobKey]).sort(),
  });
}

/**
 * Locks the request row; its status, or null when it is gone. Everything else the snapshot
 * compares is read by the next statement (the signature's write, {@link snapshotColumns}), which
 * runs after the lock is held, so it sees what a signer who held the lock before us committed.
 */
async function lockRequest(tx: Tx, requestId: string): Promise<string | null> {
  const [locked] = rowsOf(
    await tx.execute(sql`
      select status from signature_requests
      where id = ${requestId} and deleted_at is null for update`),
  );
  return locked ? String(locked.status) : null;
}

/**
 * The signers and documents as the snapshot has them, as columns of the write statement: every
 * part of one statement reads the state from before its writes, so this is what a statement of
 * its own would have read, one round trip less. A mismatch throws, and the transaction's writes
 * are rolled back with it. `requestId`: the id, or a column of the statement (a group commit).
 */
export const snapshotColumns = (requestId: string | SQL) => sql`
  (select coalesce(json_agg(json_build_array(s.id, s.email, s."order",
      s.signed_at is not null, s.declined_at is not null)), '[]')
    from signers s where s.request_id = ${requestId}) as snapshot_signers,
  (select coalesce(json_agg(json_build_array(d.id, d.current_blob_key)), '[]')
    from request_documents rd join documents d on d.id = rd.document_id
    where rd.request_id = ${requestId}) as snapshot_documents`;

export const snapshotOf = (status: string, row: Record<string, unknown> | undefined): string =>
  JSON.stringify({
    status,
    signers: jsonOf<unknown[][]>(row?.snapshot_signers).sort(),
    documents: jsonOf<unknown[][]>(row?.snapshot_documents).sort(),
  });

export type CommitInput = {
  loaded: LoadedRequest;
  snapshot: string;
  prepared: PreparedSignature;
  name: string;
  reason?: string;
  at: Date;
  /** The quality signed with and whose certificate (platform or the signer's own). */
  trust: EntryTrust;
  meta: EventMeta;
  config: Pick<Config, 'publicUrl'>;
  /** Facts about how the signer was authenticated (a direct signer's TAN, the mobile app). */
  evidence?: Record<string, unknown>;
  /**
   * The request's business settings as the caller read them for this signature (null: a
   * private request), for the mails it sends; absent: read in the transaction.
   */
  business?: TBusinessWithSettings | null;
};

/**
 * The signature's writes, in one transaction under the request row lock: checks the request is
 * as it was when the signature was prepared (else {@link RequestChangedError}), moves the
 * documents to their signed versions, marks the signer, unlocks (and completes) the request,
 * records 'signed' (and 'completed' with the protocol job), and invites whoever is next or
 * queues the completion mails. Waits for the blob writes before it returns, so the commit never
 * points at a missing blob.
 */
export async function commitSignature(tx: Tx, input: CommitInput): Promise<TRequestStatus> {
  const { loaded, prepared } = input;
  const id = loaded.request.id;
  const me = loaded.mySigner;
  if (!me) throw new AppError('NOT_ALLOWED', 403, 'Only a signer may sign this request.');
  // The status is checked before writing; the rest of the snapshot with the write (below).
  const lockedStatus = await lockRequest(tx, id);
  if (lockedStatus !== loaded.request.status) throw new RequestChangedError();

  const { after, status } = afterSignature(input);
  // Whoever is next is marked invited by the signer's update (one statement; an invitation
  // changes nothing the dashboard shows, so only the signature's row fires its triggers);
  // their invitations are queued below.
  const due = dueInvitations(status, after);
  phase('commit:lock');
  const at = input.at.toISOString();
  const signed = prepared.documents;
  // Every write of the signature in one round trip (one table per part, so one statement may).
  const moves = documentMoves([input]);
  // The request's update is written before the signer's on purpose: PostgreSQL runs the
  // unreferenced updates last-first, so the signer's card trigger rebuilds the dashboard card
  // first and the request's then finds it current (migration 0029); either order is correct.
  const [written] = rowsOf(
    await tx.execute(sql`
      with moved as (${moves}), request as (
        update signature_requests set updated_at = ${at}::timestamptz, locked_until = null
          ${
            status === 'SIGNED'
              ? // The completion notice is queued below, in this transaction (marked once here,
                // not by a second update of the row and its dashboard triggers).
                sql`, status = 'SIGNED', completed_at = ${at}::timestamptz,
                  completion_notified_at = ${at}::timestamptz`
              : sql``
          }
        where id = ${id}
      ), signer as (${signerWrite(input, due)}), head as (${lockChainHead(id)})
      select (select count(*) from moved) as moved, head.seq, head.hash, ${snapshotColumns(id)}
      from head`),
  );
  phase('commit:write');
  if (snapshotOf(lockedStatus, written) !== input.snapshot) throw new RequestChangedError();
  if (Number(written?.moved) !== signed.length) throw new RequestChangedError();
  // The next signer's or the completion mails (and the protocol's job) go in with the events.
  const queued: JobRows = status === 'SIGNED' ? [protocolJob(id)] : [];
  await notifyAfterSignature(tx, input, status, queued, loaded.accountLangs);
  // 'signed' (and 'completed') in one statement, chained to the head locked above, with the jobs.
  phase('commit:notify');
  await recordEvents(tx, id, signatureEvents(input, status), {
    head: { seq: Number(written?.seq), hash: String(written?.hash) },
    jobs: queued,
  });
  phase('commit:events');
  await prepared.stored;
  phase('commit:stored');
  return status;
}

/**
 * The signer's update: the signature on their slot, and `invited_at` on the slots of `due` (the
 * next signers, invited in the same transaction), in one statement.
 */
function signerWrite(input: CommitInput, due: readonly { id: string }[]): SQL {
  const me = input.loaded.mySigner as NonNullable<LoadedRequest['mySigner']>;
  const at = sql`${input.at.toISOString()}::timestamptz`;
  if (due.length === 0) {
    return sql`update signers set signed_at = ${at}, signing_name = ${input.name},
      signed_quality = ${input.trust.quality}
      where id = ${me.id}`;
  }
  const mine = sql`id = ${me.id}::uuid`;
  return sql`update signers set
      signed_at = case when ${mine} then ${at} else signed_at end,
      signing_name = case when ${mine} then ${input.name} else signing_name end,
      signed_quality = case when ${mine} then ${input.trust.quality} else signed_quality end,
      invited_at = case when ${mine} then invited_at
        else ${new Date().toISOString()}::timestamptz end
    where id in (${sql.join(
      [me, ...due].map((s) => sql`${s.id}::uuid`),
      sql`, `,
    )})`;
}

/**
 * The statement moving the signed documents of the given signatures to their new versions (a CTE
 * of the write; returns `id` and `request_id` of each moved document). A document moves only from
 * the version that was signed: should it have changed anyway, nothing moves and the signature is
 * prepared again.
 */
export function documentMoves(inputs: readonly CommitInput[]): SQL {
  const rows = inputs.flatMap((input) =>
    input.prepared.documents.map(
      (d) =>
        sql`(${d.id}::uuid, ${d.from}, ${d.sha256}, ${d.plan ? JSON.stringify(d.plan) : null}::jsonb, ${input.loaded.request.id}::uuid)`,
    ),
  );
  if (rows.length === 0) return sql`select null::uuid as id, null::uuid as request_id where false`;
  return sql`
    update documents d set current_blob_key = v.key, signed_sha256 = v.key,
      stamp_plan = coalesce(d.stamp_plan, v.plan)
    from (values ${sql.join(rows, sql`, `)}) as v(id, from_key, key, plan, request_id)
    where d.id = v.id and d.current_blob_key = v.from_key
    returning d.id, v.request_id`;
}

/** The signers as they are once `input`'s signature is in, and the request's status then. */
export function afterSignature(input: CommitInput): {
  after: LoadedRequest['signers'];
  status: TRequestStatus;
} {
  const me = input.loaded.mySigner;
  const after = input.loaded.signers.map((s) =>
    s.id === me?.id ? { ...s, signedAt: input.at, signingName: input.name } : s,
  );
  return { after, status: statusAfterSignature(after) };
}

/** The log entries of a signature: 'signed', and 'completed' when it completes the request. */
export function signatureEvents(input: CommitInput, status: TRequestStatus): RecordEventInput[] {
  const { loaded, prepared } = input;
  const id = loaded.request.id;
  const me = loaded.mySigner as NonNullable<LoadedRequest['mySigner']>;
  const signed = prepared.documents;
  const { after } = afterSignature(input);
  const events: RecordEventInput[] = [
    {
      requestId: id,
      type: 'signed',
      actor: { id: loaded.actor.userId, email: loaded.actor.email },
      meta: input.meta,
      documentSha256: signed.map((s) => s.sha256),
      at: input.at,
      data: {
        signer_id: me.id,
        email: me.email,
        name: input.name,
        quality: input.trust.quality,
        ...(input.trust.legislation ? { legislation: input.trust.legislation } : {}),
        certificate: input.trust.signer ? 'own' : 'platform',
        provider: input.trust.provider,
        ...(input.trust.signer?.certificateChain[0]
          ? { certificate_sha256: sha256Hex(input.trust.signer.certificateChain[0]) }
          : {}),
        level: 'B-T',
        ...(prepared.timestampedAt ? { timestamp: prepared.timestampedAt.toISOString() } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
        documents: signed.map((s) => ({ id: s.id, title: s.title, sha256: s.sha256 })),
        ...input.evidence,
      },
    },
  ];
  if (status === 'SIGNED') {
    events.push({
      requestId: id,
      type: 'completed',
      actor: { id: null, email: null },
      meta: input.meta,
      // Every document of the request was signed and sealed above, in request order.
      documentSha256: signed.map((s) => s.sha256),
      data: { signers: after.length, level: prepared.level },
    });
  }
  return events;
}

/**
 * Invites whoever is next, or sends the completion mail to everyone once SIGNED, in the
 * signature's transaction. What the transaction knows, so nothing is read again: the request and
 * signers as now. With `into`, the mail rows are added there for the caller to insert (with the
 * events) instead of inserted here.
 */
export async function notifyAfterSignature(
  tx: Tx,
  input: CommitInput,
  status: TRequestStatus,
  into?: JobRows,
  /** The write marked the next signers invited ({@link signerWrite}): their accounts' languages. */
  invited?: Map<string, { lang: string }>,
): Promise<void> {
  const { loaded } = input;
  const { after } = afterSignature(input);
  await notifyNextSigners(tx, loaded.request.id, input.config, {
    request: { ...loaded.request, status },
    owner: loaded.owner,
    signers: after,
    observers: loaded.observers,
    ...(status === 'SIGNED' ? { completionMarked: true } : {}),
    ...(input.business !== undefined ? { business: input.business } : {}),
    ...(into ? { into } : {}),
    ...(invited ? { invited } : {}),
  });
}
