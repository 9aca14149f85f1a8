import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { observers } from '../../db/schema/observers.ts';
import { AppError } from '../../errors.ts';
import type { RequestContext } from './context.ts';
import { assertAction, loadRequestForActor } from './load-for-actor.ts';
import { recordChange } from './record-change.ts';
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
    await recordChange(tx, loaded, ctx.meta, {
      type: 'observer_added',
      data: { email },
    });
    return toRequestDto(await loadRequestForActor(tx, id, ctx.principal));
  });
}
