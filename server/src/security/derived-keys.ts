import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Keys the server derives from SIGNET_SECRET, one per purpose (HKDF-SHA256 with the purpose as
 * info), so a value made for one purpose never verifies for another. Cached per secret.
 */
export const KEY_PURPOSES = [
  'nas-link',
  'nas-document-token',
  'nas-tan',
  'mab-code',
  'api-key',
  'seal-key',
  'mobile-code',
  'payment-portal',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

const cache = new Map<string, Buffer>();

/** The 32-byte key for `purpose` under `secret`. */
export function purposeKey(secret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'signet', `signet/${purpose}`, 32));
    cache.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `message` under the purpose's key, base64url (43 characters). */
export function keyedMac(secret: string, purpose: KeyPurpose, message: string): string {
  return createHmac('sha256', purposeKey(secret, purpose))
    .update(message, 'utf8')
    .digest('base64url');
}

/** Compares two strings in time that depends only on their length. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
