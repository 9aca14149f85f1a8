import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { AppError } from '../errors.ts';

/**
 * Encryption of key material at rest: a 256-bit key is derived from SIGNET_SECRET with scrypt
 * (salt stored beside the ciphertext), and each blob is sealed with AES-256-GCM. The label is
 * bound as additional authenticated data, so a blob cannot be swapped for another one.
 */

/** scrypt cost: N=2^15, r=8 (32 MiB, ≈ 60 ms) — paid once per CA load, not per signature. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

export type SecretKey = { readonly key: Buffer; readonly salt: string };

/**
 * Keys derived in this process, by secret and salt: starting a server derives the CA's key up to
 * three times (create, extend, load), each a full scrypt. A few entries: one per CA in use.
 */
const derived = new Map<string, SecretKey>();
const DERIVED_KEEP = 8;

/** Derives the wrapping key; pass the stored salt (base64url) to re-derive, or none for a new one. */
export function deriveKey(secret: string, salt?: string): SecretKey {
  if (secret.length < 16) {
    throw new AppError('SECRET_TOO_SHORT', 500, 'SIGNET_SECRET must be at least 16 characters');
  }
  const saltBytes = salt === undefined ? randomBytes(16) : Buffer.from(salt, 'base64url');
  const saltText = saltBytes.toString('base64url');
  const memo = `${saltText}\0${secret}`;
  const known = derived.get(memo);
  if (known) return known;
  const result: SecretKey = { key: scryptSync(secret, saltBytes, 32, SCRYPT), salt: saltText };
  if (derived.size >= DERIVED_KEEP) derived.delete(derived.keys().next().value as string);
  derived.set(memo, result);
  return result;
}

/** `v1.<iv>.<tag>.<ciphertext>`, all base64url. */
export function seal(key: SecretKey, label: string, plaintext: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', iv, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens a blob made by `seal`; a wrong secret, label or tampered blob throws CA_KEY_DECRYPTION_FAILED. */
export function open(key: SecretKey, label: string, sealed: string): Buffer {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') {
    throw new AppError('CA_KEY_DECRYPTION_FAILED', 500, 'Encrypted key has an unknown format');
  }
  const [, iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv);
    decipher.setAAD(Buffer.from(label, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new AppError(
      'CA_KEY_DECRYPTION_FAILED',
      500,
      'Cannot decrypt the CA key: SIGNET_SECRET differs from the one it was created with',
    );
  }
}
