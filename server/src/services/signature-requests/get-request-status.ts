import type {
  ZLockStatusSchema,
  ZSignatureRequestStatusSchema,
} from '@signet/shared/signature-request/signature-request.schema';
import type { z } from 'zod';
import type { Principal } from '../context.ts';
import type { RequestContext } from './context.ts';
import { loadRequestForActor } from './load-for-actor.ts';

/** `GET /v3/signature-requests/{id}/status`: the overall status and every signer's. */
export async function getRequestStatus(
  ctx: Pick<RequestContext<Principal>, 'db' | 'principal'>,
  id: string,
): Promise<z.output<typeof ZSignatureRequestStatusSchema>> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  return {
    id,
    status_overall: loaded.request.status,
    signatures: loaded.signers.map((s) => ({ sid: s.id, email: s.email, status_code: s.status })),
  };
}

/**
 * `GET /v3/signature-requests/{id}/lock-status`: locked while `locked_until` is in the future
 * (the signing service sets it while it applies a signature).
 */
export async function getLockStatus(
  ctx: Pick<RequestContext<Principal>, 'db' | 'principal'>,
  id: string,
  now = new Date(),
): Promise<z.output<typeof ZLockStatusSchema>> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  const until = loaded.request.lockedUntil;
  return { locked: until !== null && until.getTime() > now.getTime() };
}
