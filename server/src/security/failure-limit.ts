import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit, type RateLimit } from './rate-limit.ts';

/** Who failed: the action, the client IP and, optionally, the one thing attacked (a signer). */
export type FailureSubject = { action: string; ip: string | null; target?: string };

const hash = (value: string) =>
  createHash('sha256').update(value.toLowerCase()).digest('base64url').slice(0, 32);

function keys(subject: FailureSubject): string[] {
  const out = [`${subject.action}:fail:ip:${hash(subject.ip ?? 'unknown')}`];
  if (subject.target) out.push(`${subject.action}:fail:target:${hash(subject.target)}`);
  return out;
}

function limited(retryAfter: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    429,
    'Too many attempts. Please try again later.',
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Throws 429 RATE_LIMITED (with Retry-After) when the subject already has `limit.max` failures
 * in the current window; counts nothing. Pair with {@link recordFailure}, so only failures
 * count and a caller who gets it right is never limited.
 */
export async function enforceFailureLimit(
  db: DbOrTx,
  subject: FailureSubject,
  limit: RateLimit,
  now = new Date(),
): Promise<void> {
  for (const key of keys(subject)) {
    const [row] = await db
      .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, now)))
      .limit(1);
    if (row && row.count >= limit.max) {
      throw limited(Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)));
    }
  }
}

/** Counts one failure of the subject (per IP and, when given, per target). */
export async function recordFailure(
  db: DbOrTx,
  subject: FailureSubject,
  limit: RateLimit,
  now = new Date(),
): Promise<void> {
  for (const key of keys(subject)) await hitRateLimit(db, key, limit, now);
}
