import type { TDirectSign } from '@signet/shared/direct-sign/direct-sign.schema';
import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import { needsOwnCertificate } from '@signet/shared/signing/signing-quality.rules';
import type { Logger } from '../../log.ts';
import {
  assertAction,
  type LoadedSigner,
  loadRequestForActor,
  requestNotFound,
} from '../signature-requests/load-for-actor.ts';
import { type LinkQuality, linkSigningQuality } from '../signing/link-trust.ts';
import { signRequest } from '../signing/sign-request.ts';
import {
  type EntryTrust,
  platformLegislation,
  SES_TRUST,
  subjectOf,
  trustProvider,
} from '../signing/trust-step.ts';
import { type DirectContext, tanForSigning, useUpTan } from './tan.ts';

/**
 * `POST /v3/direct/sign`: the direct signer signs their own request through the one signing use
 * case, once their TAN is confirmed — checked before, or given here. A slot that asks for nothing
 * more is signed SES with the platform certificate, naming them; one that asks for AES or QES
 * with a certificate of the signer's own, which the trust service issues only now, after the TAN,
 * naming the identity their identification proved (`linkSigningQuality`; not identified: 403
 * QUALITY_TOO_LOW before any TAN try is spent). The TAN is used up by the signature; the evidence
 * records that the signer came through their link and a TAN by e-mail or SMS.
 */
export async function signDirect(
  ctx: DirectContext & { log?: Pick<Logger, 'error' | 'warn'> },
  input: TDirectSign,
): Promise<{ signatureRequestId: string; ok: true; status_overall: TRequestStatus }> {
  if (input.signatureRequestId !== ctx.principal.requestId) throw requestNotFound();
  // The signing rules first (not your turn, already signed): a refused signature costs no TAN try.
  const loaded = await loadRequestForActor(ctx.db, ctx.principal.requestId, ctx.principal);
  assertAction(loaded, 'sign');
  const me = loaded.mySigner;
  if (!me) throw requestNotFound();
  const quality = linkSigningQuality(me, platformLegislation(ctx.config.platform));
  const { channel } = await tanForSigning(ctx, input.tan);
  const trust = needsOwnCertificate(quality.quality)
    ? await ownCertificate(ctx, me, quality)
    : SES_TRUST;
  const status = await signRequest(
    { ...ctx, evidence: { direct: true, authentication: `tan:${channel}` } },
    {
      signatureRequestId: input.signatureRequestId,
      ...(input.signingName ? { signingName: input.signingName } : {}),
      ...(input.signingReason ? { signingReason: input.signingReason } : {}),
      language: input.language,
    },
    trust,
  );
  await useUpTan(ctx.db, ctx.principal.signerId);
  return { signatureRequestId: input.signatureRequestId, ok: true, status_overall: status };
}

/** The slot's own certificate from the trust service (after the TAN), naming its identity. */
async function ownCertificate(
  ctx: DirectContext,
  me: LoadedSigner,
  quality: LinkQuality,
): Promise<EntryTrust> {
  const provider = await trustProvider(ctx);
  const legislation = quality.legislation ?? platformLegislation(ctx.config.platform);
  const { signer } = await provider.issue({
    subject: subjectOf(me),
    qualified: quality.quality === 'QES' || quality.quality === 'DEMO',
    legislation,
  });
  return { ...quality, legislation, provider: provider.name, signer };
}
