import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import {
  changeRequest,
  eventActor,
  mailRequest,
  participantEmails,
  type RequestContext,
} from './context.ts';
import { directSignerLangs, mailParticipants } from './mail.ts';

/**
 * `POST /v3/signature-requests/{id}/withdraw` (owner; only while OPEN, else 409 REQUEST_NOT_OPEN
 * and nothing changes): WITHDRAWN, "withdrawn" recorded, every other participant told.
 */
export async function withdrawSignatureRequest(
  ctx: RequestContext,
  id: string,
  message: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'withdraw', async (tx, loaded) => {
    const now = new Date();
    await tx
      .update(signatureRequests)
      .set({ status: 'WITHDRAWN', updatedAt: now, closedAt: now, withdrawMessage: message || null })
      .where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'withdrawn',
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
      data: { message },
    });
    await mailParticipants(
      tx,
      ctx.config,
      mailRequest(loaded),
      participantEmails(loaded),
      'request-withdrawn',
      {
        actorName: loaded.actor.name || loaded.actor.email,
        message,
        exclude: loaded.actor.email,
        direct: directSignerLangs(loaded.signers),
      },
    );
  });
}
