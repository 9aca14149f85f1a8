import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** argon2id cost: 19 MiB, 2 passes, 1 lane (OWASP's minimum; about 40–60 ms here). */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const SALT_BYTES = 16;
const TAG_BYTES = 32;
// Refuse absurd costs in a stored string rather than let one row exhaust the machine.
const MAX_MEMORY_KIB = 1024 * 1024;
const MAX_PASSES = 20;
const MAX_PARALLELISM = 16;

export type Argon2Cost = { memory: number; passes: number; parallelism: number };

function derive(password: string, salt: Buffer, cost: Argon2Cost, tagLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    argon2(
      'argon2id',
      {
        message: Buffer.from(password, 'utf8'),
        nonce: salt,
        parallelism: cost.parallelism,
        tagLength,
        memory: cost.memory,
        passes: cost.passes,
      },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

// PHC strings use standard base64 without padding.
const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

/**
 * Hashes a password with argon2id and returns the PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, the format every argon2 library reads.
 */
export async function hashPassword(password: string, cost: Argon2Cost = ARGON2_PARAMS) {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, cost, TAG_BYTES);
  return `$argon2id$v=19$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$${b64(salt)}$${b64(hash)}`;
}

type Parsed = Argon2Cost & { salt: Buffer; hash: Buffer };

const PHC =
  /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{16,})$/;

/** Parses an argon2id PHC string; null when it is not one we can verify. */
export function parseArgon2id(encoded: string): Parsed | null {
  const m = PHC.exec(encoded);
  if (!m) return null;
  const [memory, passes, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (parallelism < 1 || parallelism > MAX_PARALLELISM) return null;
  if (passes < 1 || passes > MAX_PASSES) return null;
  if (memory < 8 * parallelism || memory > MAX_MEMORY_KIB) return null;
  const salt = Buffer.from(m[4] as string, 'base64');
  const hash = Buffer.from(m[5] as string, 'base64');
  if (salt.length < 8 || hash.length < 4) return null;
  return { memory, passes, parallelism, salt, hash };
}

/** Checks a password against a stored argon2id PHC string in constant time. */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  const parsed = parseArgon2id(encoded);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/** Whether a stored hash was made with weaker settings than today's (`cost`). */
export function needsRehash(encoded: string, cost: Argon2Cost = ARGON2_PARAMS): boolean {
  const p = parseArgon2id(encoded);
  return (
    !p ||
    p.memory < cost.memory ||
    p.passes < cost.passes ||
    p.salt.length < SALT_BYTES ||
    p.hash.length < TAG_BYTES
  );
}

const dummies = new Map<string, Promise<string>>();
/**
 * Spends the time a real verification takes (at the cost new hashes get), for a login with an
 * unknown address, so the answer's timing does not tell which addresses have accounts.
 */
export async function burnVerification(
  password: string,
  cost: Argon2Cost = ARGON2_PARAMS,
): Promise<void> {
  const key = `${cost.memory},${cost.passes},${cost.parallelism}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword('signet-timing-equaliser', cost);
    dummies.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
}
