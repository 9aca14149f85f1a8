import type {
  TLegislation,
  TQualityDetail,
  TSignatureQualities,
  TSignatureQuality,
} from '../user/user.schema.ts';

/**
 * Which quality a signature is made with (spec sections 3 and 4): what the request asks of the
 * signer, else the signer's default quality, from what the signer has proven. DEMO is QES of
 * the test system and counts as QES wherever QES is asked.
 */

/** Qualities a request may ask of a signer, lowest first. */
export const REQUIRED_LEVELS = ['SES', 'AES', 'QES'] as const;
export type TRequiredLevel = (typeof REQUIRED_LEVELS)[number];

/** A quality as a rank: SES 0, AES minimal 1, AES 2, QES and DEMO 3 (seals and Part 11 aside). */
export function qualityRank(quality: TSignatureQuality): number {
  switch (quality) {
    case 'SES':
      return 0;
    case 'AES_MINIMAL':
      return 1;
    case 'AES':
      return 2;
    case 'QES':
    case 'DEMO':
      return 3;
    default:
      return -1;
  }
}

const leg = (legislation: TLegislation) => (legislation === 'EIDAS' ? 'eidas' : 'zertes');

/** The user's quality detail for a level under a legislation, or null when not proven. */
export function availableQuality(
  q: TSignatureQualities,
  level: TSignatureQuality,
  legislation: TLegislation,
): TQualityDetail | null {
  switch (level) {
    case 'SES':
      return q.ses.any;
    case 'AES_MINIMAL':
      return q.aesMinimal[leg(legislation)];
    case 'AES':
      return q.aes.any;
    case 'QES':
    case 'DEMO':
      return q.qes[leg(legislation)];
    default:
      return null;
  }
}

export type TSigningQuality =
  | { ok: true; detail: TQualityDetail; legislation: TLegislation }
  | {
      ok: false;
      /** What the request asks and the signer lacks. */
      required: { quality: TRequiredLevel; legislation: TLegislation };
    };

/**
 * The quality a signer signs with. `required` (the request's, per signer) must be met: AES by
 * AES (else by QES), QES by QES or DEMO, under the required legislation; otherwise the signer
 * must identify first (`ok: false`). Without a requirement, the signer's default quality when
 * proven under their default legislation, else SES.
 */
export function signingQuality(
  qualities: TSignatureQualities,
  required: { quality: TRequiredLevel | null; legislation: TLegislation | null },
  preferred: { quality: TSignatureQuality | null; legislation: TLegislation | null },
  platformLegislation: TLegislation,
): TSigningQuality {
  const legislation = required.legislation ?? preferred.legislation ?? platformLegislation;
  const ses = qualities.ses.any;
  if (required.quality && required.quality !== 'SES') {
    const candidates: TSignatureQuality[] = required.quality === 'AES' ? ['AES', 'QES'] : ['QES'];
    for (const level of candidates) {
      const detail = availableQuality(qualities, level, legislation);
      if (detail) return { ok: true, detail, legislation };
    }
    return { ok: false, required: { quality: required.quality, legislation } };
  }
  if (preferred.quality && qualityRank(preferred.quality) > 0) {
    const detail = availableQuality(qualities, preferred.quality, legislation);
    if (detail) return { ok: true, detail, legislation };
  }
  if (!ses) return { ok: false, required: { quality: 'SES', legislation } };
  return { ok: true, detail: ses, legislation };
}

/** Whether a quality is made with a certificate of the signer's own (and so needs a TAN). */
export const needsOwnCertificate = (quality: TSignatureQuality): boolean =>
  qualityRank(quality) > 0;
