import type { DbOrTx } from '../../db/client.ts';
import { revokeSession } from './revoke-sessions.ts';

/** `POST /v1/logout`: the session's token stops working at once. */
export async function logout(db: DbOrTx, sessionId: string | undefined): Promise<{ status: 'ok' }> {
  if (sessionId) await revokeSession(db, sessionId);
  return { status: 'ok' };
}
