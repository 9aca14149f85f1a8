import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { changeRequest, eventActor, type RequestContext } from './context.ts';
import { notifyNextSigners } from './notify-next-signers.ts';

/**
 * `POST /v3/signature-requests/{id}/initiate` (owner; a DRAFT with documents and signers):
 * the request becomes OPEN, "initiated" is recorded, and the signers whose turn it is get their
 * invitations. Later signers (WAITING) are invited when their turn comes (`notifyNextSigners`).
 */
export async function initiateSignatureRequest(
  ctx: RequestContext,
  id: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'initiate', async (tx, loaded) => {
    const now = new Date();
    await tx
      .update(signatureRequests)
      .set({ status: 'OPEN', initiatedAt: now, updatedAt: now })
      .where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'initiated',
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
      data: { signers: loaded.signers.map((s) => ({ email: s.email, order: s.order })) },
    });
    await notifyNextSigners(tx, id, ctx.config);
  });
}
