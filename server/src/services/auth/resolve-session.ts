import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { hashToken } from '../../security/tokens.ts';

/**
 * The live session of a bearer token: not revoked and not expired. Null for anything else,
 * including tokens that were never issued.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<{ userId: string; sessionId: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
