import { createHash, randomBytes } from 'node:crypto';
import { open, seal } from '../../crypto/secret-box.ts';
import { purposeKey } from '../../security/derived-keys.ts';

/** The domain of the accounts API users act through: RFC 2606 `.invalid`, so no mail goes there. */
export const API_ACCOUNT_DOMAIN = 'api.signet.invalid';

/** The address of the account an API user acts through. */
export const apiAccountEmail = (username: string): string => `${username}@${API_ACCOUNT_DOMAIN}`;

/** Whether mail to `address` can go anywhere (API users' accounts get none). */
export const isMailable = (address: string): boolean =>
  !address.toLowerCase().endsWith(`@${API_ACCOUNT_DOMAIN}`);

/** A new API key: 256 random bits, base64url (43 characters). */
export const newApiKey = (): string => randomBytes(32).toString('base64url');

/** What is stored to recognise a key: its SHA-256, hex. */
export const hashApiKey = (key: string): string =>
  createHash('sha256').update(key, 'utf8').digest('hex');

const LABEL = 'api-key';
const boxKey = (secret: string) => ({ key: purposeKey(secret, 'api-key'), salt: '' });

/** The key sealed under SIGNET_SECRET, for signing callbacks later. */
export const sealApiKey = (secret: string, key: string): string =>
  seal(boxKey(secret), LABEL, Buffer.from(key, 'utf8'));

/** The key of a `sealApiKey` blob. */
export const openApiKey = (secret: string, sealed: string): string =>
  open(boxKey(secret), LABEL, sealed).toString('utf8');
