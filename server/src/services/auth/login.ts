import type { TLogin, TSessionWithUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import {
  burnVerification,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../security/password-hash.ts';
import { checkPasswordPolicy } from '../../security/password-policy.ts';
import { enforceRateLimits } from '../../security/rate-limit.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { toUserDto } from '../users/user-dto.ts';
import { createSession } from './create-session.ts';
import type { AccountDeps, RequestMeta } from './types.ts';

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or the password is wrong');

/**
 * `POST /v1/login`: checks the password and starts a 24 h session. Unknown addresses and wrong
 * passwords get the same 401 after the same work. A password that no longer meets the policy
 * sets `weakPassword`, so the client makes the user change it.
 */
export async function login(
  deps: AccountDeps,
  input: TLogin,
  meta: RequestMeta,
): Promise<TSessionWithUser> {
  await enforceRateLimits(deps.db, 'login', { address: input.email, ip: meta.ip });
  const user = await findUserByEmail(deps.db, input.email);
  if (!user?.passwordHash) {
    await burnVerification(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();

  const weakPassword = checkPasswordPolicy(input.password, user.email) !== null;
  const rehash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : undefined;
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ weakPassword, lastLoginAt: now, ...(rehash ? { passwordHash: rehash } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw invalidCredentials();
    const session = await createSession(tx, user.id, meta, now);
    return { token: session.token, expiresAt: session.expiresAt, user: toUserDto(updated) };
  });
}
