import type { TChangePassword, TSession } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../security/password-hash.ts';
import { assertPasswordPolicy } from '../../security/password-policy.ts';
import type { ServiceContext } from '../context.ts';
import { requireUser } from '../users/find-user.ts';
import { createSession } from './create-session.ts';
import { verifyCurrentPassword } from './current-password.ts';
import { enqueuePasswordChangedMail } from './password-changed-mail.ts';
import { revokeAllSessions } from './revoke-sessions.ts';

/**
 * `POST /v1/change-password`: checks the current password, sets the new one, revokes every
 * session (this one too) and returns a fresh session. Clears `weakPassword`.
 */
export async function changePassword(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'principal' | 'meta'>,
  input: TChangePassword,
): Promise<TSession> {
  const { userId } = ctx.principal;
  const user = await requireUser(ctx.db, userId);
  await verifyCurrentPassword(ctx.db, user, input.old);
  assertPasswordPolicy(input.new, user.email);
  const passwordHash = await hashPassword(input.new, ctx.config.passwordHashCost);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, weakPassword: false, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, now);
    const session = await createSession(tx, userId, ctx.meta, now);
    await enqueuePasswordChangedMail(tx, ctx.config, user, now);
    return { token: session.token, expiresAt: session.expiresAt };
  });
}
