import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import { phase } from '../../trace/phases.ts';
import { assertFreeSignature, freeQuotaMayLimit, requestPaid } from '../billing/user-plan.ts';
import { isDirectSigner } from '../signature-requests/load-for-actor.ts';
import { type CommitInput, commitSignature, RequestChangedError } from './commit-signature.ts';
import { commitSignatures, GroupNotApplicableError } from './commit-signatures.ts';
import type { SigningContext } from './context.ts';
import type { PendingCommit, SigningBatch } from './signing-batch.ts';

/** Signatures of a batch committed in one transaction at most. */
export const MAX_GROUP = 10;

/**
 * Commits a prepared signature: alone, in its own transaction; in a batch, with the other
 * entries that are ready (group commit): a group is committed when every entry in progress is
 * waiting for its commit (or {@link MAX_GROUP} are), one group at a time, so two transactions
 * of one batch never wait on each other's row locks. When a group's transaction fails (a
 * request moved on, the free quota applies, a conflict), its entries are committed one by one,
 * in order, each with its own outcome: one bad entry loses no other, and a refused one changes
 * nothing.
 */
export function commitPrepared(ctx: SigningContext, input: CommitInput): Promise<TRequestStatus> {
  const batch = ctx.batch;
  if (!batch) return commitAlone(ctx, input);
  return new Promise<TRequestStatus>((resolve, reject) => {
    batch.ready.push({ input, resolve, reject });
    commitWhenReady(ctx, batch);
  });
}

/** A batch's entry starts (it counts as in progress until {@link entryEnded}). */
export function entryStarted(batch: SigningBatch): void {
  batch.active++;
}

/** A batch's entry ended (signed, refused or failed): the others may be a group now. */
export function entryEnded(ctx: SigningContext, batch: SigningBatch): void {
  batch.active--;
  commitWhenReady(ctx, batch);
}

function commitWhenReady(ctx: SigningContext, batch: SigningBatch): void {
  if (batch.committing || batch.ready.length === 0) return;
  if (batch.ready.length < Math.min(batch.active, MAX_GROUP)) return;
  const group = batch.ready.splice(0, MAX_GROUP);
  batch.committing = true;
  void commitGroup(ctx, group).finally(() => {
    batch.committing = false;
    commitWhenReady(ctx, batch);
  });
}

async function commitGroup(ctx: SigningContext, group: PendingCommit[]): Promise<void> {
  if (group.length > 1) {
    try {
      const statuses = await ctx.db.transaction(async (tx) => {
        // The user row is locked first, as a single signature's quota check does (not needed
        // when every request of the group is paid: no signature of it can count).
        if (
          !isDirectSigner(ctx.principal) &&
          !group.every((p) => quotaCannotCount(p.input)) &&
          (await freeQuotaMayLimit(tx, ctx.principal.userId, new Date()))
        ) {
          throw new GroupNotApplicableError('the free quota counts each signature');
        }
        return commitSignatures(
          tx,
          group.map((p) => p.input),
        );
      });
      for (const [k, p] of group.entries()) p.resolve(statuses[k] as TRequestStatus);
      return;
    } catch (e) {
      if (!(e instanceof GroupNotApplicableError || e instanceof RequestChangedError)) {
        ctx.log?.warn({ err: e }, 'group commit failed; committing its signatures one by one');
      }
    }
  }
  for (const p of group) {
    await commitAlone(ctx, p.input).then(p.resolve, p.reject);
  }
}

/**
 * One signature in its own transaction: the free quota (user row locked) unless the request is
 * paid, then its writes.
 */
function commitAlone(ctx: SigningContext, input: CommitInput): Promise<TRequestStatus> {
  return ctx.db.transaction(async (tx) => {
    phase('commit:begin');
    if (!isDirectSigner(ctx.principal) && !quotaCannotCount(input)) {
      await assertFreeSignature(tx, ctx.principal.userId, input.loaded.request.id, input.at);
    }
    phase('commit:quota');
    return commitSignature(tx, input);
  });
}

/** Whether the request of a signature is paid as loaded, so the free quota cannot count it. */
const quotaCannotCount = (input: CommitInput): boolean =>
  requestPaid(input.loaded.request, input.loaded.owner, input.at);
