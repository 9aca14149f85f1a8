import type { TValidConfirmationResult } from '@signet/shared/user/user.schema';
import type { AnonymousContext } from '../context.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { findLiveConfirmation } from './find-confirmation.ts';

/**
 * `POST /v1/valid-confirmation`: whether a signup link can still be used, and for which
 * address. A link for an address that has meanwhile registered is no longer valid.
 */
export async function checkConfirmation(
  ctx: Pick<AnonymousContext, 'db'>,
  token: string,
): Promise<TValidConfirmationResult> {
  const confirmation = await findLiveConfirmation(ctx.db, token);
  if (!confirmation) return { valid: false };
  if (await findUserByEmail(ctx.db, confirmation.email)) return { valid: false };
  return {
    valid: true,
    email: confirmation.email,
    ...(confirmation.flow ? { flow: confirmation.flow } : {}),
  };
}
