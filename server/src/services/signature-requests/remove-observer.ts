import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq, sql } from 'drizzle-orm';
import { observers } from '../../db/schema/observers.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { eventActor, type RequestContext } from './context.ts';
import { assertAction, loadRequestForActor } from './load-for-actor.ts';
import { toRequestDto } from './request-dto.ts';

/** `DELETE /v3/signature-requests/{id}/observers/{o}` (owner; DRAFT or OPEN); `{o}` is the observer id. */
export async function removeObserver(
  ctx: RequestContext,
  id: string,
  observerId: string,
): Promise<TSignatureRequest> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, id, ctx.principal, { forUpdate: true });
    assertAction(loaded, 'removeObserver');
    const observer = loaded.observers.find((o) => o.id === observerId);
    if (!observer)
      throw new AppError('OBSERVER_NOT_FOUND', 404, 'The request has no such observer');
    await tx.delete(observers).where(eq(observers.id, observerId));
    await tx
      .update(signatureRequests)
      .set({ updatedAt: sql`now()` })
      .where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'observer_removed',
      actor: eventActor(loaded),
      meta: ctx.meta,
      data: { email: observer.email },
    });
    return toRequestDto(await loadRequestForActor(tx, id, ctx.principal));
  });
}
