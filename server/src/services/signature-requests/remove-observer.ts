import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { observers } from '../../db/schema/observers.ts';
import { AppError } from '../../errors.ts';
import { changeRequest, type RequestContext } from './context.ts';
import { recordChange } from './record-change.ts';

/** `DELETE /v3/signature-requests/{id}/observers/{o}` (owner; DRAFT or OPEN); `{o}` is the observer id. */
export async function removeObserver(
  ctx: RequestContext,
  id: string,
  observerId: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'removeObserver', async (tx, loaded) => {
    const observer = loaded.observers.find((o) => o.id === observerId);
    if (!observer)
      throw new AppError('OBSERVER_NOT_FOUND', 404, 'The request has no such observer');
    await tx.delete(observers).where(eq(observers.id, observerId));
    await recordChange(tx, loaded, ctx.meta, {
      type: 'observer_removed',
      data: { email: observer.email },
    });
  });
}
