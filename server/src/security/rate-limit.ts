import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';
import { AppError } from '../errors.ts';

/** A limit: at most `max` hits per `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Limits of the endpoints that send mail (confirmation, reset), per address and per client IP:
 * every request counts, since each one sends a mail.
 */
export const RATE_LIMITS = {
  perAddress: { max: 10, windowMs: FIFTEEN_MINUTES },
  perIp: { max: 50, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimit>;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit on `key` in the database (so every instance shares the counter) and says
 * whether it is within `limit`. One atomic upsert: a window that has passed starts over.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const expiresAt = new Date(now.getTime() + limit.windowMs);
  const nowIso = now.toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.expiresAt} <= ${nowIso}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.expiresAt} <= ${nowIso}::timestamptz then ${nowIso}::timestamptz else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${rateLimits.expiresAt} <= ${nowIso}::timestamptz then ${expiresAt.toISOString()}::timestamptz else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  if (!row) throw new Error('rate limit upsert returned nothing');
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000),
  );
  return { allowed: row.count <= limit.max, count: row.count, retryAfterSeconds };
}

/** The counter of `key` as it stands (0 when none or its window has passed); counts nothing. */
export async function peekRateLimit(
  db: DbOrTx,
  key: string,
  now = new Date(),
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await db
    .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.expiresAt <= now) return { count: 0, retryAfterSeconds: 0 };
  return {
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Throws 429 RATE_LIMITED (with Retry-After) when `key` already has `limit.max` hits in its
 * window; counts nothing. The check of a failure-only limit: pair it with {@link hitRateLimit}
 * on a failure, so a caller who gets it right is never limited.
 */
export async function assertBelowLimit(
  db: DbOrTx,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<void> {
  const current = await peekRateLimit(db, key, now);
  if (current.count >= limit.max) throw rateLimited(current.retryAfterSeconds);
}

/** Forgets the counter of `key` (e.g. failures, after a success). */
export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes counters whose window has passed (call from a periodic job). */
export async function pruneRateLimits(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .returning({ key: rateLimits.key });
  return rows.length;
}

/** Keys never hold a raw address: a hash is enough to count. */
export function keyPart(value: string): string {
  return createHash('sha256').update(value.toLowerCase()).digest('base64url').slice(0, 32);
}

/** The one 429 of every limit, with Retry-After and details.retryAfter in seconds. */
export const rateLimited = (
  retryAfter: number,
  message = 'Too many attempts. Please try again later.',
): AppError =>
  new AppError('RATE_LIMITED', 429, message, { retryAfter }, { 'Retry-After': String(retryAfter) });

/**
 * Counts a hit of `action` for the address and the client IP and throws 429 RATE_LIMITED
 * (Retry-After and details.retryAfter in seconds) when either is over
 * its limit. Both counters are always counted, so a flood from one IP cannot spare itself
 * by rotating addresses.
 */
export async function enforceRateLimits(
  db: DbOrTx,
  action: string,
  subjects: { address?: string; ip: string | null },
  now = new Date(),
): Promise<void> {
  const results: RateLimitResult[] = [];
  if (subjects.address) {
    results.push(
      await hitRateLimit(
        db,
        `${action}:addr:${keyPart(subjects.address)}`,
        RATE_LIMITS.perAddress,
        now,
      ),
    );
  }
  results.push(
    await hitRateLimit(
      db,
      `${action}:ip:${keyPart(subjects.ip ?? 'unknown')}`,
      RATE_LIMITS.perIp,
      now,
    ),
  );
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return;
  throw rateLimited(Math.max(...blocked.map((r) => r.retryAfterSeconds)));
}
