import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq, sql } from 'drizzle-orm';
import { observers } from '../../db/schema/observers.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { eventActor, type RequestContext } from './context.ts';
import { assertAction, loadRequestForActor } from './load-for-actor.ts';
import { toRequestDto } from './request-dto.ts';

/** `POST /v3/signature-requests/{id}/observers` (owner; DRAFT or OPEN). */
export async function addObserver(
  ctx: RequestContext,
  id: string,
  email: string,
): Promise<TSignatureRequest> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, id, ctx.principal, { forUpdate: true });
    assertAction(loaded, 'addObserver');
    if (loaded.observers.some((o) => o.email === email)) {
      throw new AppError('OBSERVER_EXISTS', 409, `${email} already observes this request`);
    }
    await tx.insert(observers).values({ requestId: id, email });
    await tx
      .update(signatureRequests)
      .set({ updatedAt: sql`now()` })
      .where(eq(signatureRequests.id, id));
    await recordEvent(tx, {
      requestId: id,
      type: 'observer_added',
      actor: eventActor(loaded),
      meta: ctx.meta,
      data: { email },
    });
    return toRequestDto(await loadRequestForActor(tx, id, ctx.principal));
  });
}
