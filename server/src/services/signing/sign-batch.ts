import type { ZSignResultSchema } from '@signet/shared/signature-request/signature-request.schema';
import type { z } from 'zod';
import { AppError, isAppError } from '../../errors.ts';
import { phase } from '../../trace/phases.ts';
import { batchRequestsRead, claimAndLoadBatch, releaseClaims } from './claim-requests.ts';
import type { AccountSigningContext } from './context.ts';
import { entryEnded, entryStarted, MAX_GROUP } from './group-commit.ts';
import { buildProtocolsSoon } from './protocol-job.ts';
import { signRequest, type TSignPayload } from './sign-request.ts';
import { newSigningBatch, type SigningBatch } from './signing-batch.ts';
import { type BatchTrust, resolveTrust } from './trust-step.ts';

type TSignResult = z.output<typeof ZSignResultSchema>;
type TEntryResult = TSignResult[number];

/**
 * Entries of a batch in progress at once: the size of its group commits (group-commit.ts), which
 * commit the entries together once all in progress are prepared. Their blob writes (fsync on the
 * writer thread) overlap the next entries' PDF work.
 */
const IN_FLIGHT = MAX_GROUP;

/**
 * `POST /v3/sign`: marks and reads the batch's requests in one statement, decides from those rows
 * how each entry is signed (its quality; for AES and QES the TAN step and the signer's
 * certificate, see `resolveTrust`, which may answer 428 TAN_REQUIRED for the whole batch, every
 * mark cleared), then signs each entry in its own transaction and reports per entry, in the
 * batch's order. A refusal (stranger 404, not your turn 409, quality too low 403, …) is that
 * entry's result and the others go on. When no entry could be signed the call itself fails
 * with the first entry's error (status and code), every entry's result in `details.results`: a
 * batch that signed nothing is an error. `confirmed`: the TAN was checked already (the mobile
 * confirmation). The entries that are ready are committed together (group-commit.ts). The
 * protocols of the requests the batch completes are built once it answers.
 */
export async function signRequests(
  ctx: AccountSigningContext,
  batch: readonly TSignPayload[],
  options: { confirmed?: boolean } = {},
): Promise<TSignResult> {
  // One statement marks every request as being signed by the caller and reads them with the
  // caller's account; the trust step decides from those rows.
  const ids = batch.map((e) => e.signatureRequestId);
  const read = await claimAndLoadBatch(ctx, ids, ctx.principal);
  phase('sign:claim-and-load');
  let trust: BatchTrust;
  try {
    trust = await resolveTrust(ctx, batch, read, options);
  } catch (e) {
    // Nothing is signed (428 TAN_REQUIRED, a wrong TAN, …): no request stays marked.
    await releaseClaims(ctx, [...read.written]);
    throw e;
  }
  phase('sign:trust');
  // What the entries share (see signing-batch.ts); the requests of the entries that are signed.
  // A refused entry's request is not left marked as being signed.
  const signed: string[] = [];
  const refusedMarked: string[] = [];
  for (const id of ids) {
    if (!(trust.get(id) instanceof AppError)) signed.push(id);
    else if (read.written.has(id.toLowerCase())) refusedMarked.push(id);
  }
  await releaseClaims(ctx, refusedMarked);
  const each: AccountSigningContext = { ...ctx, batch: newSigningBatch(signed) };
  batchRequestsRead(ctx, each.batch as SigningBatch, read, batch);
  const outcomes: { result: TEntryResult; error?: AppError }[] = new Array(batch.length);
  let next = 0;
  const group = each.batch as SigningBatch;
  const lane = async () => {
    for (let i = next++; i < batch.length; i = next++) {
      entryStarted(group);
      try {
        outcomes[i] = await signEntry(each, batch[i] as TSignPayload, trust);
      } finally {
        entryEnded(each, group);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, batch.length) }, lane));
  } finally {
    buildProtocolsSoon(ctx, each.batch?.completed ?? []);
  }
  const results = outcomes.map((o) => o.result);
  const firstError = outcomes.find((o) => o.error)?.error;
  if (firstError && results.every((r) => !r.ok)) {
    throw new AppError(
      firstError.code,
      firstError.status,
      firstError.message,
      // The first refusal's own details (what a QUALITY_TOO_LOW asks for) and every result.
      {
        ...(firstError.details && typeof firstError.details === 'object' ? firstError.details : {}),
        results,
      },
      firstError.headers,
    );
  }
  return results;
}

/** Signs one entry; its result, and the error when it could not be signed. */
async function signEntry(
  ctx: AccountSigningContext,
  entry: TSignPayload,
  trust: BatchTrust,
): Promise<{ result: TEntryResult; error?: AppError }> {
  try {
    const how = trust.get(entry.signatureRequestId);
    if (how instanceof AppError) throw how;
    const status = await signRequest(ctx, entry, how);
    return {
      result: { signatureRequestId: entry.signatureRequestId, ok: true, status_overall: status },
    };
  } catch (e) {
    let error: AppError;
    // Refusals (4xx) and a time-stamping outage (503) keep their code; the rest is ours.
    if (isAppError(e) && (e.status < 500 || e.status === 503)) {
      error = e;
    } else {
      ctx.log?.error({ err: e, requestId: entry.signatureRequestId }, 'signing failed');
      error = new AppError(
        'SIGNING_FAILED',
        500,
        'The signature could not be applied; nothing was changed. Please try again.',
      );
    }
    return {
      result: {
        signatureRequestId: entry.signatureRequestId,
        ok: false,
        code: error.code,
        message: error.message,
      },
      error,
    };
  }
}
