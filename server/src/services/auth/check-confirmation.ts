import type { TValidConfirmationResult } from '@signet/shared/user/user.schema';
import type { DbOrTx } from '../../db/client.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { findLiveConfirmation } from './find-confirmation.ts';

/**
 * `POST /v1/valid-confirmation`: whether a signup link can still be used, and for which
 * address. A link for an address that has meanwhile registered is no longer valid.
 */
export async function checkConfirmation(
  db: DbOrTx,
  token: string,
): Promise<TValidConfirmationResult> {
  const confirmation = await findLiveConfirmation(db, token);
  if (!confirmation) return { valid: false };
  if (await findUserByEmail(db, confirmation.email)) return { valid: false };
  return {
    valid: true,
    email: confirmation.email,
    ...(confirmation.flow ? { flow: confirmation.flow } : {}),
  };
}
