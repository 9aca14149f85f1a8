import type { TDirectSign } from '@signet/shared/direct-sign/direct-sign.schema';
import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import type { Logger } from '../../log.ts';
import {
  assertAction,
  loadRequestForActor,
  requestNotFound,
} from '../signature-requests/load-for-actor.ts';
import { assertLinkCanSign, signRequest } from '../signing/sign-request.ts';
import { type DirectContext, tanForSigning, useUpTan } from './tan.ts';

/**
 * `POST /v3/direct/sign`: the direct signer signs their own request through the one signing use
 * case (SES with the platform certificate, naming them; a slot that asks for AES or QES is
 * refused, 403 QUALITY_TOO_LOW), once their TAN is confirmed — checked
 * before, or given here. The TAN is used up by the signature; the evidence records that the
 * signer came through their link and a TAN by e-mail or SMS.
 */
export async function signDirect(
  ctx: DirectContext & { log?: Pick<Logger, 'error' | 'warn'> },
  input: TDirectSign,
): Promise<{ signatureRequestId: string; ok: true; status_overall: TRequestStatus }> {
  if (input.signatureRequestId !== ctx.principal.requestId) throw requestNotFound();
  // The signing rules first (not your turn, already signed): a refused signature costs no TAN try.
  const loaded = await loadRequestForActor(ctx.db, ctx.principal.requestId, ctx.principal);
  assertAction(loaded, 'sign');
  // Checked here too, so a refused signature costs no TAN try.
  if (loaded.mySigner) assertLinkCanSign(loaded.mySigner);
  const { channel } = await tanForSigning(ctx, input.tan);
  const status = await signRequest(
    { ...ctx, evidence: { direct: true, authentication: `tan:${channel}` } },
    {
      signatureRequestId: input.signatureRequestId,
      ...(input.signingName ? { signingName: input.signingName } : {}),
      ...(input.signingReason ? { signingReason: input.signingReason } : {}),
      language: input.language,
    },
  );
  await useUpTan(ctx.db, ctx.principal.signerId);
  return { signatureRequestId: input.signatureRequestId, ok: true, status_overall: status };
}
