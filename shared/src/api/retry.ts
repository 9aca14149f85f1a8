/**
 * Retry timing, pure (spec sections 8 and 9). The API client and the page-image loader use it.
 */

/** Status codes a generic request is retried on (spec section 9). */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/** True when a request that got `status` may be tried again (idempotent requests only). */
export function isRetryStatus(status: number): boolean {
  return (RETRY_STATUS_CODES as readonly number[]).includes(status);
}

/**
 * Reads a `Retry-After` header: delay seconds (`"5"`) or an HTTP date. Returns milliseconds
 * (never negative), or `undefined` when absent or unreadable.
 */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (header == null) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date always names a weekday and a month; plain numbers were handled above.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Exponential backoff: `baseMs · 2^attempt`, capped at `maxMs` (`attempt` counts from 0). */
export function exponentialBackoff(attempt: number, baseMs: number, maxMs: number): number {
  if (attempt < 0) return baseMs;
  return Math.min(maxMs, baseMs * 2 ** attempt);
}

/** Page-image retries: up to 10; 100 ms doubling per attempt, at most 5 s. */
export const PAGE_IMAGE_RETRY = { retries: 10, baseMs: 100, maxMs: 5_000 } as const;

/** What one failed page-image load looked like. */
export type TPageImageFailure = {
  /** How many retries were made already (0 after the first failure). */
  attempt: number;
  /** HTTP status, or `undefined` for a network error. */
  status?: number;
  /** The response's `Retry-After` header, if any. */
  retryAfter?: string | null;
};

/**
 * How long to wait before retrying a page image, or `null` to give up (then 'Failed to load
 * data' is logged). Gives up after 10 retries and on statuses that will not change by waiting
 * (not in {@link RETRY_STATUS_CODES}; network errors are retried). A 503 with a readable
 * `Retry-After` waits that long; anything else waits 100 ms · 2^attempt, capped at 5000 ms.
 */
export function pageImageRetryDelay(
  failure: TPageImageFailure,
  now: number = Date.now(),
): number | null {
  if (failure.attempt >= PAGE_IMAGE_RETRY.retries) return null;
  if (failure.status !== undefined && !isRetryStatus(failure.status)) return null;
  if (failure.status === 503) {
    const wait = parseRetryAfter(failure.retryAfter, now);
    if (wait !== undefined) return wait;
  }
  return exponentialBackoff(failure.attempt, PAGE_IMAGE_RETRY.baseMs, PAGE_IMAGE_RETRY.maxMs);
}
