import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import type { Principal } from '../context.ts';
import {
  changeRequest,
  eventActor,
  mailRequest,
  participantEmails,
  type RequestContext,
} from './context.ts';
import { directSignerLangs, mailParticipants } from './mail.ts';

/**
 * `POST /v3/signature-requests/{id}/decline` (a signer whose signature is still due, OPEN or
 * WAITING): the signer is DECLINED with the message, the request becomes DECLINED, "declined"
 * is recorded and every other participant gets a notice in their language.
 */
export async function declineSignatureRequest(
  ctx: RequestContext<Principal>,
  id: string,
  message: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'decline', async (tx, loaded) => {
    const me = loaded.mySigner;
    if (!me) throw new Error('decline allowed without a signer slot');
    const now = new Date();
    await tx
      .update(signers)
      .set({ declinedAt: now, declineMessage: message || null })
      .where(eq(signers.id, me.id));
    await tx
      .update(signatureRequests)
      .set({ status: 'DECLINED', updatedAt: now, closedAt: now })
      .where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'declined',
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
      data: { signer: me.email, message },
    });
    await mailParticipants(
      tx,
      ctx.config,
      mailRequest(loaded),
      participantEmails(loaded),
      'request-declined',
      {
        actorName: loaded.actor.name || loaded.actor.email,
        message,
        exclude: loaded.actor.email,
        direct: directSignerLangs(loaded.signers),
      },
    );
  });
}
