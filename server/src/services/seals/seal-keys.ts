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

/** The signer of a seal: its key and certificate, then the root. */
export function sealSigner(secret: string, row: TSealRow, root: Uint8Array): Signer {
  const privateKey = createPrivateKey({
    key: open(boxKey(secret), label(row.id), row.keySealed),
    format: 'der',
    type: 'pkcs8',
  });
  return keySigner(privateKey, [new Uint8Array(Buffer.from(row.certificate, 'base64')), root]);
}
