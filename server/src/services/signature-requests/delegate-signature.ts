import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import { changeRequest, mailRequest, type RequestContext } from './context.ts';
import type { LoadedRequest, LoadedSigner } from './load-for-actor.ts';
import { mailSigner, newClaimToken, type RequestMailConfig } from './mail.ts';
import { recordChange } from './record-change.ts';
import { toRequestDto } from './request-dto.ts';

/**
 * Moves a signer slot to another address: the row's e-mail changes, `delegated_from` keeps the
 * previous address, the claim link is renewed, "delegated" is recorded (with `claim: true` for
 * a claim) and, when it is the new signer's turn, they are invited. Shared by delegate and claim.
 */
export async function moveSignerSlot(
  tx: DbOrTx,
  config: RequestMailConfig,
  meta: EventMeta,
  loaded: LoadedRequest,
  slot: LoadedSigner,
  to: string,
  details: { message?: string | undefined; claim: boolean },
): Promise<void> {
  if (slot.email === to)
    throw new AppError('SAME_SIGNER', 409, 'The signature already belongs to that address');
  if (loaded.signers.some((s) => s.email === to)) {
    throw new AppError('SIGNER_EXISTS', 409, `${to} already signs this request`);
  }
  const invite = slot.status === 'OPEN';
  const claimToken = newClaimToken();
  await tx
    .update(signers)
    .set({
      email: to,
      accountEmail: details.claim ? to : null,
      delegatedFrom: slot.email,
      claimToken,
      lastRemindedAt: null,
      lastViewedAt: null,
      invitedAt: invite ? new Date() : null,
      // A moved slot is an ordinary one: the direct link (if any) stops working.
      directNonce: null,
      firstName: null,
      lastName: null,
      mobile: null,
    })
    .where(eq(signers.id, slot.id));
  await recordChange(tx, loaded, meta, {
    type: 'delegated',
    data: {
      from: slot.email,
      to,
      claim: details.claim,
      ...(details.message ? { message: details.message } : {}),
    },
  });
  if (invite && !details.claim) {
    const request = { ...mailRequest(loaded), message: details.message ?? loaded.request.message };
    await mailSigner(tx, config, request, { email: to, claimToken }, 'request-invitation');
  }
}

/**
 * `POST /v3/signature-requests/{id}/delegate` (a signer whose signature is still due, request
 * OPEN): hands the caller's signature to `email`, who is invited (now, or when their turn comes).
 */
export async function delegateSignature(
  ctx: RequestContext,
  id: string,
  input: { email: string; message?: string | undefined },
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'delegate', async (tx, loaded) => {
    const me = loaded.mySigner;
    if (!me) throw new Error('delegate allowed without a signer slot');
    await moveSignerSlot(tx, ctx.config, ctx.meta, loaded, me, input.email, {
      message: input.message,
      claim: false,
    });
    // The caller may have been a participant only as this signer: answer with the request as it
    // now stands, once more, without reloading it as the caller (they would be a stranger).
    if (loaded.roles.length === 1) {
      const moved = { ...me, email: input.email, delegatedFrom: me.email, accountEmail: null };
      return toRequestDto(
        {
          ...loaded,
          signers: loaded.signers.map((s) => (s.id === me.id ? moved : s)),
          roles: [],
          mySigner: null,
        },
        ctx.config,
      );
    }
  });
}
