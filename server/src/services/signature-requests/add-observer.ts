import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { observers } from '../../db/schema/observers.ts';
import { AppError } from '../../errors.ts';
import { changeRequest, type RequestContext } from './context.ts';
import { recordChange } from './record-change.ts';

/** `POST /v3/signature-requests/{id}/observers` (owner; DRAFT or OPEN). */
export async function addObserver(
  ctx: RequestContext,
  id: string,
  email: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'addObserver', async (tx, loaded) => {
    if (loaded.observers.some((o) => o.email === email)) {
      throw new AppError('OBSERVER_EXISTS', 409, `${email} already observes this request`);
    }
    await tx.insert(observers).values({ requestId: id, email });
    await recordChange(tx, loaded, ctx.meta, {
      type: 'observer_added',
      data: { email },
    });
  });
}
