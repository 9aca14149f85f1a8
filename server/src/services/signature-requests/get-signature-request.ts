import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { signers } from '../../db/schema/signers.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import type { Principal } from '../context.ts';
import { eventActor, type RequestContext } from './context.ts';
import { type LoadedRequest, loadRequestForActor } from './load-for-actor.ts';
import { toRequestDto } from './request-dto.ts';

/** "viewed" is logged at most once per signer and hour, so reloads do not flood the log. */
export const VIEW_LOG_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `GET /v3/signature-requests/{id}`. When the caller is a signer who has not opened the request
 * in the last hour, a "viewed" event is recorded (actor, time, IP, user agent, document hashes).
 */
export async function getSignatureRequest(
  ctx: RequestContext<Principal>,
  id: string,
): Promise<TSignatureRequest> {
  return toRequestDto(await viewSignatureRequest(ctx, id), ctx.config);
}

/** Loads a request for the caller and logs a signer's view (see {@link getSignatureRequest}). */
export async function viewSignatureRequest(
  ctx: RequestContext<Principal>,
  id: string,
): Promise<LoadedRequest> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  const me = loaded.mySigner;
  const now = new Date();
  if (
    !me ||
    (me.lastViewedAt && now.getTime() - me.lastViewedAt.getTime() < VIEW_LOG_INTERVAL_MS)
  ) {
    return loaded;
  }
  return ctx.db.transaction(async (tx) => {
    const fresh = await loadRequestForActor(tx, id, ctx.principal, { forUpdate: true });
    const signer = fresh.mySigner;
    if (
      signer &&
      !(signer.lastViewedAt && now.getTime() - signer.lastViewedAt.getTime() < VIEW_LOG_INTERVAL_MS)
    ) {
      await tx.update(signers).set({ lastViewedAt: now }).where(eq(signers.id, signer.id));
      await recordEvent(tx, {
        requestId: id,
        type: 'viewed',
        actor: eventActor(fresh),
        meta: ctx.meta,
        data: { signer: signer.email },
        at: now,
      });
      signer.lastViewedAt = now;
    }
    return fresh;
  });
}
