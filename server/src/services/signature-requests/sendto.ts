import { checkAction } from '@signet/shared/signature-request/signature-request.rules';
import type {
  TSignatureRequest,
  ZSendtoSummarySchema,
} from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import type { RequestContext } from './context.ts';
import { moveSignerSlot } from './delegate-signature.ts';
import {
  type ActorRef,
  type LoadedRequest,
  type LoadedSigner,
  loadRequestAsAnyone,
  loadRequestForActor,
  requestFacts,
  requestNotFound,
} from './load-for-actor.ts';
import { toRequestDto } from './request-dto.ts';

/*
 * Decision (the spec names the calls but not their meaning): `/v3/sendto/{id}` serves the
 * invitation link for a signer slot whose address is not the reader's account — typically a
 * shared mailbox (office@…). `{id}` is the slot's claim token, a random 256-bit value that only
 * the invitation mail carries (it is never shown in the API), so the link proves the mail was
 * received. `get-internal` shows what the request is; `claim` moves the slot to the caller's
 * account address, recorded as "delegated" with `claim: true`, and renews the token.
 */

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

async function findSlot(
  tx: DbOrTx,
  token: string,
  principal: ActorRef,
  forUpdate: boolean,
): Promise<{ loaded: LoadedRequest; slot: LoadedSigner }> {
  if (!TOKEN.test(token)) throw requestNotFound();
  const [row] = await tx
    .select({ id: signers.id, requestId: signers.requestId })
    .from(signers)
    .where(eq(signers.claimToken, token))
    .limit(1);
  if (!row) throw requestNotFound();
  const loaded = await loadRequestAsAnyone(tx, row.requestId, principal, { forUpdate });
  const slot = loaded.signers.find((s) => s.id === row.id);
  if (!slot) throw requestNotFound();
  return { loaded, slot };
}

function claimVerdict(loaded: LoadedRequest, slot: LoadedSigner) {
  if (loaded.mySigner) {
    return {
      ok: false as const,
      status: 409,
      code: 'ALREADY_SIGNER',
      message: 'You already sign this request',
    };
  }
  // The claimer steps into the slot: the same rule as a delegation by that signer.
  return checkAction('delegate', requestFacts(loaded), {
    isOwner: false,
    signerStatus: slot.status,
  });
}

/** `GET /v3/sendto/{token}/get-internal` */
export async function getSendto(
  ctx: Pick<RequestContext, 'db' | 'principal'>,
  token: string,
): Promise<z.output<typeof ZSendtoSummarySchema>> {
  const { loaded, slot } = await findSlot(ctx.db, token, ctx.principal, false);
  return {
    id: loaded.request.id,
    title: loaded.request.title,
    status_overall: loaded.request.status,
    owner: {
      email: loaded.owner.email,
      name: `${loaded.owner.firstName} ${loaded.owner.lastName}`.trim(),
    },
    signer: { sid: slot.id, email: slot.email, status_code: slot.status },
    claimable: claimVerdict(loaded, slot).ok,
  };
}

/** `POST /v3/sendto/{token}/claim`: 409 ALREADY_SIGNER / REQUEST_NOT_OPEN / SIGNER_NOT_OPEN when not claimable. */
export async function claimSendto(ctx: RequestContext, token: string): Promise<TSignatureRequest> {
  return ctx.db.transaction(async (tx) => {
    const { loaded, slot } = await findSlot(tx, token, ctx.principal, true);
    const verdict = claimVerdict(loaded, slot);
    if (!verdict.ok) throw new AppError(verdict.code, verdict.status, verdict.message);
    await moveSignerSlot(tx, ctx.config, ctx.meta, loaded, slot, loaded.actor.email, {
      claim: true,
    });
    return toRequestDto(
      await loadRequestForActor(tx, loaded.request.id, ctx.principal),
      ctx.config,
    );
  });
}
