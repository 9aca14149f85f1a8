import type { TLogin, TSessionWithUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import {
  assertLoginAllowed,
  recordLoginFailure,
  recordLoginSuccess,
} from '../../security/password-attempts.ts';
import {
  burnVerification,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../security/password-hash.ts';
import { checkPasswordPolicy } from '../../security/password-policy.ts';
import type { AnonymousContext } from '../context.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { toUserDto } from '../users/user-dto.ts';
import { createSession } from './create-session.ts';

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or the password is wrong');

/**
 * `POST /v1/login`: checks the password and starts a 24 h session. Unknown addresses and wrong
 * passwords get the same 401 after the same work, and count as failures for the limits of
 * password-attempts.ts; a success clears this address's failures from this IP. A password that
 * no longer meets the policy sets `weakPassword`, so the client makes the user change it.
 */
export async function login(
  ctx: Pick<AnonymousContext, 'db' | 'meta' | 'config'>,
  input: TLogin,
): Promise<TSessionWithUser> {
  await assertLoginAllowed(ctx.db, input.email, ctx.meta.ip);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user?.passwordHash) {
    await burnVerification(input.password, ctx.config.passwordHashCost);
    await recordLoginFailure(ctx.db, input.email, ctx.meta.ip);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordLoginFailure(ctx.db, input.email, ctx.meta.ip);
    throw invalidCredentials();
  }
  await recordLoginSuccess(ctx.db, input.email, ctx.meta.ip);

  const weakPassword = checkPasswordPolicy(input.password, user.email) !== null;
  const cost = ctx.config.passwordHashCost;
  const rehash = needsRehash(user.passwordHash, cost)
    ? await hashPassword(input.password, cost)
    : undefined;
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ weakPassword, lastLoginAt: now, ...(rehash ? { passwordHash: rehash } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw invalidCredentials();
    const session = await createSession(tx, user.id, ctx.meta, now);
    return { token: session.token, expiresAt: session.expiresAt, user: toUserDto(updated) };
  });
}
