import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../evidence/db-row.ts';
import { lockChainHeads, recordEventChains } from '../../evidence/record-event.ts';
import type { JobRows } from '../../mail/outbox.ts';
import {
  afterSignature,
  type CommitInput,
  documentMoves,
  notifyAfterSignature,
  RequestChangedError,
  signatureEvents,
  snapshotColumns,
  snapshotOf,
} from './commit-signature.ts';
import { protocolJob } from './protocol-job.ts';

/** The entries cannot be committed as one group (a request twice): commit them one by one. */
export class GroupNotApplicableError extends Error {
  constructor(reason: string) {
    super(`The group commit does not apply: ${reason}`);
    this.name = 'GroupNotApplicableError';
  }
}

/**
 * The writes of several signatures of one batch (one signer, distinct requests) in the caller's
 * transaction, with set-based statements: what {@link commitSignature} does for one, with its
 * statements paid once per group instead of once per signature (the dashboard's row triggers
 * run once per changed request and signer, as for one) —
 * the request rows locked in id order (two groups or a group and a single signature never wait
 * on each other crosswise), one statement moving every document, marking every signer, unlocking
 * (and completing) every request, locking every chain head and reading every snapshot; one for
 * every request's log entries (each chained to its own head); one for the protocol jobs. The
 * mails are queued per request. Any request that moved on since its signature was prepared
 * throws {@link RequestChangedError} and the caller rolls the whole group back. Statuses in the
 * order given.
 */
export async function commitSignatures(
  tx: Tx,
  inputs: readonly CommitInput[],
): Promise<TRequestStatus[]> {
  const ids = inputs.map((i) => i.loaded.request.id);
  if (new Set(ids).size !== ids.length) throw new GroupNotApplicableError('a request twice');
  if (inputs.some((i) => !i.loaded.mySigner)) throw new GroupNotApplicableError('not a signer');
  const locked = new Map(
    rowsOf(
      await tx.execute(sql`
        select id, status from signature_requests
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and deleted_at is null
        order by id for update`),
    ).map((r) => [String(r.id), String(r.status)]),
  );
  for (const input of inputs) {
    if (locked.get(input.loaded.request.id) !== input.loaded.request.status) {
      throw new RequestChangedError();
    }
  }
  const statuses = inputs.map((input) => afterSignature(input).status);
  const requests = inputs.map(
    (input, k) =>
      sql`(${input.loaded.request.id}::uuid, ${input.at.toISOString()}::timestamptz, ${statuses[k] === 'SIGNED'}::boolean)`,
  );
  const signerRows = inputs.map(
    (input) =>
      sql`(${input.loaded.mySigner?.id}::uuid, ${input.at.toISOString()}::timestamptz, ${input.name}::text, ${input.trust.quality}::text)`,
  );
  // As in commitSignature: the requests' update before the signers' (migration 0029's order);
  // a completing request is marked completion-notified here, its mails queued below.
  const written = new Map(
    rowsOf(
      await tx.execute(sql`
        with moved as (${documentMoves(inputs)}), request as (
          update signature_requests r set updated_at = v.at, locked_until = null,
            status = case when v.completes then 'SIGNED' else r.status end,
            completed_at = case when v.completes then v.at else r.completed_at end,
            completion_notified_at =
              case when v.completes then v.at else r.completion_notified_at end
          from (values ${sql.join(requests, sql`, `)}) as v(id, at, completes)
          where r.id = v.id
        ), signer as (
          update signers s set signed_at = v.at, signing_name = v.name, signed_quality = v.quality
          from (values ${sql.join(signerRows, sql`, `)}) as v(id, at, name, quality)
          where s.id = v.id
        ), head as (${lockChainHeads(ids)})
        select head.request_id, head.seq, head.hash,
          (select count(*) from moved where moved.request_id = head.request_id) as moved,
          ${snapshotColumns(sql`head.request_id`)}
        from head`),
    ).map((r) => [String(r.request_id), r]),
  );
  const chains = inputs.map((input, k) => {
    const id = input.loaded.request.id;
    const row = written.get(id);
    const status = statuses[k] as TRequestStatus;
    if (snapshotOf(input.loaded.request.status, row) !== input.snapshot) {
      throw new RequestChangedError();
    }
    if (Number(row?.moved) !== input.prepared.documents.length) throw new RequestChangedError();
    return {
      requestId: id,
      inputs: signatureEvents(input, status),
      head: { seq: Number(row?.seq), hash: String(row?.hash) },
    };
  });
  // Every entry's mails and the protocol jobs of the requests it completes go in with the log
  // entries, in one statement, as a single signature's do.
  const queued: JobRows = ids.filter((_, k) => statuses[k] === 'SIGNED').map(protocolJob);
  for (const [k, input] of inputs.entries()) {
    await notifyAfterSignature(tx, input, statuses[k] as TRequestStatus, queued);
  }
  await recordEventChains(tx, chains, { jobs: queued });
  await Promise.all(inputs.map((i) => i.prepared.stored));
  return statuses as TRequestStatus[];
}
