import type { DbOrTx } from '../db/client.ts';
import {
  assertBelowLimit,
  clearRateLimit,
  hitRateLimit,
  keyPart,
  peekRateLimit,
  type RateLimit,
  rateLimited,
} from './rate-limit.ts';

/**
 * Limits on guessing passwords that stop attackers, not users. Only failures count, and a
 * success clears the failures of that address from that IP, so a user who signs in often is
 * never locked out, and a stranger's wrong guesses from elsewhere do not lock the owner out of
 * their own network:
 *
 * - sign-in, per address and IP: 10 failures in 15 minutes lock that pair (429) until the
 *   window passes;
 * - sign-in, per address from anywhere: past 50 failures in 15 minutes, one attempt per 30 s
 *   for that address (slowed, not locked: the owner still gets in, a distributed guesser gets
 *   two guesses a minute);
 * - sign-in, per IP over all addresses: 100 failures in 15 minutes lock that IP (one source
 *   trying many accounts);
 * - a signed-in user's current password (change password, delete account): 10 failures in
 *   15 minutes per account lock those checks until the window passes.
 * Counters live in the database, so every instance shares them.
 */
const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const PASSWORD_LIMITS = {
  loginPerAddressAndIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  loginPerAddress: { max: 50, windowMs: FIFTEEN_MINUTES },
  loginSlowedEveryMs: 30_000,
  loginPerIp: { max: 100, windowMs: FIFTEEN_MINUTES },
  currentPasswordPerUser: { max: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimit | number>;

const ip = (value: string | null) => keyPart(value ?? 'unknown');
const keys = {
  pair: (address: string, from: string | null) => `login-fail:pair:${keyPart(address)}:${ip(from)}`,
  address: (address: string) => `login-fail:addr:${keyPart(address)}`,
  slowed: (address: string) => `login-slow:addr:${keyPart(address)}`,
  ip: (from: string | null) => `login-fail:ip:${ip(from)}`,
  user: (userId: string) => `password-fail:user:${userId}`,
};

/** Throws 429 RATE_LIMITED (Retry-After) when a sign-in for `address` from `from` may not be tried now. */
export async function assertLoginAllowed(
  db: DbOrTx,
  address: string,
  from: string | null,
  now = new Date(),
): Promise<void> {
  const [pair, ipWide, addressWide] = await Promise.all([
    peekRateLimit(db, keys.pair(address, from), now),
    peekRateLimit(db, keys.ip(from), now),
    peekRateLimit(db, keys.address(address), now),
  ]);
  const L = PASSWORD_LIMITS;
  if (pair.count >= L.loginPerAddressAndIp.max) throw rateLimited(pair.retryAfterSeconds);
  if (ipWide.count >= L.loginPerIp.max) throw rateLimited(ipWide.retryAfterSeconds);
  if (addressWide.count >= L.loginPerAddress.max) {
    const slot = await hitRateLimit(
      db,
      keys.slowed(address),
      { max: 1, windowMs: L.loginSlowedEveryMs },
      now,
    );
    if (!slot.allowed) throw rateLimited(slot.retryAfterSeconds);
  }
}

/** Counts a wrong password (or an unknown address) for the sign-in limits. */
export async function recordLoginFailure(
  db: DbOrTx,
  address: string,
  from: string | null,
  now = new Date(),
): Promise<void> {
  const L = PASSWORD_LIMITS;
  await hitRateLimit(db, keys.pair(address, from), L.loginPerAddressAndIp, now);
  await hitRateLimit(db, keys.address(address), L.loginPerAddress, now);
  await hitRateLimit(db, keys.ip(from), L.loginPerIp, now);
}

/** A successful sign-in clears the failures of this address from this IP. */
export async function recordLoginSuccess(
  db: DbOrTx,
  address: string,
  from: string | null,
): Promise<void> {
  await clearRateLimit(db, keys.pair(address, from));
}

/** Throws 429 when the user's current password may not be checked now (too many failures). */
export async function assertPasswordCheckAllowed(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<void> {
  await assertBelowLimit(db, keys.user(userId), PASSWORD_LIMITS.currentPasswordPerUser, now);
}

/** Counts a wrong current password; a right one clears the count. */
export async function recordPasswordCheck(
  db: DbOrTx,
  userId: string,
  ok: boolean,
  now = new Date(),
): Promise<void> {
  if (ok) await clearRateLimit(db, keys.user(userId));
  else await hitRateLimit(db, keys.user(userId), PASSWORD_LIMITS.currentPasswordPerUser, now);
}
