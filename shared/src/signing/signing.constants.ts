/**
 * Signing with a certificate of one's own (AES, QES): the TAN step and the mobile confirmation,
 * zod-free for the browsers.
 */

/** The one-time code the trust service asks for before it issues a certificate. */
export const TAN_POLICY = { digits: 6, validMinutes: 5, attempts: 3 } as const;

/** Where a TAN goes: e-mail (the TAN entry dialog) or SMS (the mobile confirmation). */
export const TAN_CHANNELS = ['email', 'sms'] as const;
export type TTanChannel = (typeof TAN_CHANNELS)[number];

/** The trust services a signature can be confirmed with (`POST /v3/{provider}/proceed/{id}`). */
export const SIGNING_PROVIDERS = ['demo-qtsp'] as const;
export type TSigningProvider = (typeof SIGNING_PROVIDERS)[number];

/** `details.challenge` of 428 TAN_REQUIRED: what the TAN dialog shows. */
export type TTanChallenge = {
  id: string;
  provider: string;
  channel: TTanChannel;
  /** Masked destination (`a•••@example.com`). */
  sentTo: string;
  expiresAt: string;
  quality: string;
  legislation: string;
};

/** The codes the signing call answers on the way to a signature of one's own. */
export const SIGNING_STEP_CODES = {
  tanRequired: 'TAN_REQUIRED',
  tanInvalid: 'TAN_INVALID',
  tanExpired: 'TAN_EXPIRED',
  tanLocked: 'TAN_LOCKED',
  qualityTooLow: 'QUALITY_TOO_LOW',
  serialNumberMismatch: 'SERIAL_NUMBER_MISMATCH',
} as const;
