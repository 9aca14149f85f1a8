import { SESSION_TTL_MS } from '@signet/shared/session/session.constants';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import type { RequestMeta } from '../context.ts';

/** Sessions end 24 h after they were made, whatever happens in between (spec section 9). */
export { SESSION_TTL_MS };

export type NewSession = { token: string; expiresAt: string; sessionId: string };

/** Starts a session for `userId`: a random bearer token of which only the hash is stored. */
export async function createSession(
  db: DbOrTx,
  userId: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, expiresAt: expiresAt.toISOString(), sessionId: row.id };
}
