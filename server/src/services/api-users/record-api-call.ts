import type { Db } from '../../db/client.ts';
import { recordBusinessEvents } from '../businesses/business-events.ts';
import type { RequestMeta, UserPrincipal } from '../context.ts';

/** One call of an API user as the business's activity log keeps it. */
export type TApiCall = { method: string; path: string; status: number; requestId: string };

/**
 * Writes an API user's call into its business's account log (`api_call`: the username as
 * subject and actor; method, route path, status, request id and IP as data), failed calls too.
 */
export async function recordApiCall(
  db: Db,
  principal: UserPrincipal,
  call: TApiCall,
  meta: RequestMeta,
): Promise<void> {
  const api = principal.apiUser;
  if (!api) return;
  await recordBusinessEvents(db, [
    {
      businessId: api.businessId,
      type: 'api_call',
      actor: { id: principal.userId, email: api.username },
      subject: api.username,
      data: { ...call, ip: meta.ip },
    },
  ]);
}
