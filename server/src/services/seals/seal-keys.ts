import { createPrivateKey, type KeyObject } from 'node:crypto';
import { open, seal } from '../../crypto/secret-box.ts';
import { keySigner, type Signer } from '../../crypto/signer.ts';
import type { TSealRow } from '../../db/schema/seals.ts';
import { purposeKey } from '../../security/derived-keys.ts';

const boxKey = (secret: string) => ({ key: purposeKey(secret, 'seal-key'), salt: '' });
const label = (sealId: string) => `seal:${sealId}`;

/** A seal's private key (PKCS#8) sealed under SIGNET_SECRET, bound to the seal's id. */
export const sealSealKey = (secret: string, sealId: string, key: KeyObject): string =>
  seal(boxKey(secret), label(sealId), key.export({ type: 'pkcs8', format: 'der' }));

/** Signers of recently used seals, so a batch opens a seal's key once (and its size is known). */
const signers = new Map<string, Signer>();
const SIGNERS_KEPT = 64;

/**
 * The signer of a seal: its key and certificate, then its issuer's chain (`chain`: up to the
 * root). Kept per seal and sealed key (a new key is a new entry), as the platform's own key is
 * kept: a batch of seals opens the key and measures its signature size once, not once a document.
 */
export function sealSigner(secret: string, row: TSealRow, chain: readonly Uint8Array[]): Signer {
  const cacheKey = `${row.id}:${row.keySealed}`;
  const kept = signers.get(cacheKey);
  if (kept) return kept;
  const privateKey = createPrivateKey({
    key: open(boxKey(secret), label(row.id), row.keySealed),
    format: 'der',
    type: 'pkcs8',
  });
  const signer = keySigner(privateKey, [
    new Uint8Array(Buffer.from(row.certificate, 'base64')),
    ...chain,
  ]);
  if (signers.size >= SIGNERS_KEPT) signers.delete(signers.keys().next().value as string);
  signers.set(cacheKey, signer);
  return signer;
}
