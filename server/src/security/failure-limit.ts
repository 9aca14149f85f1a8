import type { DbOrTx } from '../db/client.ts';
import { assertBelowLimit, hitRateLimit, keyPart, type RateLimit } from './rate-limit.ts';

/** Who failed: the action, the client IP and, optionally, the one thing attacked (a signer). */
export type FailureSubject = { action: string; ip: string | null; target?: string };

function keys(subject: FailureSubject): string[] {
  const out = [`${subject.action}:fail:ip:${keyPart(subject.ip ?? 'unknown')}`];
  if (subject.target) out.push(`${subject.action}:fail:target:${keyPart(subject.target)}`);
  return out;
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
  for (const key of keys(subject)) await assertBelowLimit(db, key, limit, now);
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
