import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Shortest secret we accept, from the environment or from the file. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The server's own secret outside production when SIGNET_SECRET is unset: read from
 * `<dataDir>/secret`, or created there on first start (32 random bytes, base64url, mode 0600).
 * Two processes starting at once agree: the file is created exclusively and the loser reads
 * the winner's. A file that is present but too short is an error, never silently replaced
 * (the keys it encrypted would be lost).
 */
export function loadOrCreateSecret(dataDir: string): {
  secret: string;
  path: string;
  created: boolean;
} {
  const path = join(dataDir, 'secret');
  const read = () => {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `${path} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; restore it or set SIGNET_SECRET`,
      );
    }
    return secret;
  };
  try {
    return { secret: read(), path, created: false };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(path, `${secret}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return { secret: read(), path, created: false };
  }
  return { secret, path, created: true };
}
