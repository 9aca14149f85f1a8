import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';

/** Revokes one session (logout). */
export async function revokeSession(db: DbOrTx, sessionId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user (password change or reset). */
export async function revokeAllSessions(db: DbOrTx, userId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
