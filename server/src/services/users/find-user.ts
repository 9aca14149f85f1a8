import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type TUserRow, users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';

/** The user with this (lowercased) address, or null. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<TUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/** The answer to a session whose user is gone: 401, as a revoked session gets. */
export const sessionEnded = (): AppError =>
  new AppError('UNAUTHENTICATED', 401, 'Your session has ended; please sign in');

/**
 * The signed-in user's row. A session whose user is gone answers 401, as a revoked one would.
 */
export async function requireUser(db: DbOrTx, userId: string): Promise<TUserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw sessionEnded();
  return row;
}
