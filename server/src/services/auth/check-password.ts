import type { TCheckPassword, TCheckPasswordResult } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { checkPasswordPolicy } from '../../security/password-policy.ts';
import type { AnonymousContext } from '../context.ts';
import { findLiveConfirmation } from './find-confirmation.ts';

/**
 * `POST /v1/check-password`: the policy verdict for a password as the user types it. The
 * address it must not contain comes from the signup token, or else from the signed-in user.
 */
export async function checkPassword(
  ctx: Pick<AnonymousContext, 'db' | 'principal'>,
  input: TCheckPassword,
): Promise<TCheckPasswordResult> {
  const { db, principal } = ctx;
  let email: string | undefined;
  if (input.token) email = (await findLiveConfirmation(db, input.token))?.email;
  if (!email && principal?.kind === 'user') {
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, principal.userId))
      .limit(1);
    email = row?.email;
  }
  const errorCode = checkPasswordPolicy(input.password, email);
  return errorCode ? { valid: false, errorCode } : { valid: true };
}
