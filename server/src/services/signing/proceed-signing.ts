import type { ZSignResultSchema } from '@signet/shared/signature-request/signature-request.schema';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { AccountSigningContext } from './context.ts';
import { signRequests } from './sign-batch.ts';
import type { TSignPayload } from './sign-request.ts';
import { confirmChallenge, findChallenge } from './tan.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /v3/{provider}/proceed/{id}`: the mobile confirmation of a signature. The one-time code
 * (`pwdotp`) confirms challenge {id} (opened by `POST /v3/sign` with 428 TAN_REQUIRED); then
 * its batch is signed as `POST /v3/sign` would, with the trust service's certificate.
 */
export async function proceedSigning(
  ctx: AccountSigningContext,
  provider: string,
  id: string,
  pwdotp: string,
): Promise<z.output<typeof ZSignResultSchema>> {
  const challenge = UUID.test(id)
    ? await findChallenge(ctx.db, ctx.principal.userId, { id })
    : null;
  if (!challenge || challenge.provider !== provider) {
    throw new AppError('NOT_FOUND', 404, 'There is no such signature to confirm.');
  }
  await confirmChallenge(ctx.db, ctx.config.secret, challenge, pwdotp);
  return signRequests(ctx, challenge.batch as TSignPayload[], { confirmed: true });
}
