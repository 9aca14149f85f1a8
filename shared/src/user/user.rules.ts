import type { TSignatureQualities } from './user.schema.ts';

export const HIGHEST_QUALITIES = ['qes', 'demo', 'aes', 'ses', 'none'] as const;
export type THighestQuality = (typeof HIGHEST_QUALITIES)[number];

/**
 * The highest signature quality a user can sign with (spec section 4): it requires a verified
 * e-mail; then qes (demo when the qes quality is DEMO), else aes, else ses, else none.
 */
export function highestQuality(user: {
  emailVerified: boolean;
  signatureQualities: TSignatureQualities;
}): THighestQuality {
  if (!user.emailVerified) return 'none';
  const q = user.signatureQualities;
  const qes = q.qes.eidas ?? q.qes.zertes;
  if (qes) return qes.quality === 'DEMO' ? 'demo' : 'qes';
  if (q.aes.any || q.aesMinimal.eidas || q.aesMinimal.zertes) return 'aes';
  if (q.ses.any) return 'ses';
  return 'none';
}

/** No quality at all: the starting point a server fills in. */
export function emptySignatureQualities(): TSignatureQualities {
  return {
    ses: { any: null },
    aes: { any: null },
    aesMinimal: { eidas: null, zertes: null },
    qes: { eidas: null, zertes: null },
    seal: { aes: null, qes: null },
  };
}
