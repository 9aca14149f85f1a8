import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  assertPasswordCheckAllowed,
  recordPasswordCheck,
} from '../../security/password-attempts.ts';
import { verifyPassword } from '../../security/password-hash.ts';

/**
 * A wrong current password is 403, not 401: a 401 would make the client sign the user out
 * (spec section 8).
 */
export const wrongPassword = () =>
  new AppError('WRONG_PASSWORD', 403, 'The current password is wrong');

/**
 * Checks a signed-in user's current password (change password, delete account) under the
 * limit of password-attempts.ts: 429 RATE_LIMITED after too many failures, 403 WRONG_PASSWORD
 * for a wrong one (counted), nothing for the right one (the count is cleared).
 */
export async function verifyCurrentPassword(
  db: DbOrTx,
  user: { id: string; passwordHash: string | null },
  password: string,
): Promise<void> {
  await assertPasswordCheckAllowed(db, user.id);
  const ok = !!user.passwordHash && (await verifyPassword(user.passwordHash, password));
  await recordPasswordCheck(db, user.id, ok);
  if (!ok) throw wrongPassword();
}
