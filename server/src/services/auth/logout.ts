import type { ServiceContext } from '../context.ts';
import { revokeSession } from './revoke-sessions.ts';

/** `POST /v1/logout`: the session's token stops working at once. */
export async function logout(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
): Promise<{ status: 'ok' }> {
  if (ctx.principal.sessionId) await revokeSession(ctx.db, ctx.principal.sessionId);
  return { status: 'ok' };
}
