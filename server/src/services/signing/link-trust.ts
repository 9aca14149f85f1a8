import { SIGNING_STEP_CODES } from '@signet/shared/signing/signing.constants';
import {
  needsOwnCertificate,
  signingQuality,
  type TRequiredLevel,
} from '@signet/shared/signing/signing-quality.rules';
import type { TLegislation, TSignatureQualities } from '@signet/shared/user/user.schema';
import type { TSignerRow } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { signatureQualitiesOf } from '../users/user-dto.ts';
import type { EntryTrust } from './trust-step.ts';

/** What the rule reads of a direct signer's slot. */
export type LinkSlot = Pick<TSignerRow, 'signatureLevel' | 'legislation' | 'identity'>;

/** The qualities a direct signer's slot has proven: SES, and what its identification proved. */
export function directSignerQualities(slot: Pick<TSignerRow, 'identity'>): TSignatureQualities {
  return signatureQualitiesOf({
    emailVerified: true,
    mobileVerifiedAt: null,
    identity: slot.identity,
  });
}

/** How a link signs a slot: the quality and legislation, before any certificate exists. */
export type LinkQuality = Pick<EntryTrust, 'quality' | 'legislation' | 'provider'>;

type LinkDecision =
  | { ok: true; quality: LinkQuality }
  | { ok: false; required: { quality: TRequiredLevel; legislation: TLegislation } };

/**
 * How a signing link (direct sign, the mobile app) signs its slot — the one rule for links. SES
 * with the platform's certificate when the slot asks for nothing more; when it asks for AES or
 * QES, the quality the slot's own identification proved (`signingQuality`, under the slot's
 * legislation, else the platform's), signed with a certificate of the signer's own; else what
 * is still required.
 */
function decideLink(slot: LinkSlot, platform: TLegislation): LinkDecision {
  const level = slot.signatureLevel;
  const required: TRequiredLevel | null = level === 'AES' || level === 'QES' ? level : null;
  const decided = signingQuality(
    directSignerQualities(slot),
    { quality: required, legislation: slot.legislation },
    { quality: null, legislation: null },
    platform,
  );
  if (!decided.ok) return { ok: false, required: decided.required };
  const own = needsOwnCertificate(decided.detail.quality);
  return {
    ok: true,
    quality: {
      quality: decided.detail.quality,
      legislation: own ? (decided.detail.legislation ?? decided.legislation) : null,
      provider: decided.detail.provider,
    },
  };
}

/**
 * The quality a link signs its slot with (see `decideLink`). A slot whose signer has not
 * identified (or not enough) is refused with 403 QUALITY_TOO_LOW, what is required and
 * `identify: true` (the direct-sign identification page), and nothing is signed.
 */
export function linkSigningQuality(slot: LinkSlot, platform: TLegislation): LinkQuality {
  const decided = decideLink(slot, platform);
  if (decided.ok) return decided.quality;
  throw new AppError(
    SIGNING_STEP_CODES.qualityTooLow,
    403,
    `This request asks for ${decided.required.quality}: identify first, then sign through your link.`,
    { required: decided.required, identify: true },
  );
}

/**
 * What a direct signer must still prove to sign their slot, or null when they may sign (the
 * page then shows "upgrade standards" instead of Sign).
 */
export function linkRequiredStandard(
  slot: LinkSlot,
  platform: TLegislation,
): { quality: TRequiredLevel; legislation: TLegislation } | null {
  const decided = decideLink(slot, platform);
  return decided.ok ? null : decided.required;
}

/**
 * Refuses a link signature that does not carry what the rule asks: a slot that needs the
 * signer's own certificate is signed only with one of that quality (the direct-sign TAN issues
 * it); the mobile app, which brings none, is refused for it (403 QUALITY_TOO_LOW).
 */
export function assertLinkCanSign(slot: LinkSlot, trust: EntryTrust, platform: TLegislation): void {
  const needed = linkSigningQuality(slot, platform);
  if (!needsOwnCertificate(needed.quality)) return;
  if (trust.signer && trust.quality === needed.quality) return;
  throw new AppError(
    SIGNING_STEP_CODES.qualityTooLow,
    403,
    `This request asks for ${needed.quality}: sign through your link and confirm with the code.`,
    { required: { quality: slot.signatureLevel, legislation: needed.legislation } },
  );
}
