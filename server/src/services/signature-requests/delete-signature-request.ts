import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { actOnRequest, eventActor, type RequestContext } from './context.ts';

/**
 * `DELETE /v3/signature-requests/{id}` (owner; not while OPEN — withdraw first). Soft delete:
 * `deletedAt` is set, the request disappears for everyone (404), the evidence log stays.
 */
export async function deleteSignatureRequest(
  ctx: RequestContext,
  id: string,
): Promise<{ status: 'ok' }> {
  return actOnRequest(ctx, id, 'delete', async (tx, loaded) => {
    const now = new Date();
    await tx.update(signatureRequests).set({ deletedAt: now }).where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'deleted',
      actor: eventActor(loaded),
      meta: ctx.meta,
      at: now,
    });
    return { status: 'ok' as const };
  });
}
