import { pageImageRetryDelay } from '@signet/shared/api/retry';

/** What one attempt to fetch a page image gave: the image, or the failure to judge. */
export type TPageAttempt =
  | { ok: true; blob: Blob }
  | { ok: false; status?: number; retryAfter?: string | null };

export type TPageLoadOptions = {
  /** Waits `ms`; rejects when the load is abandoned. */
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  /** Called once after the last retry failed (the spec logs 'Failed to load data'). */
  onGiveUp?: () => void;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads one page image with the spec's page-image retries (sections 8 and 9): up to 10 retries;
 * a 503 waits for its Retry-After, anything else 100 ms doubling to at most 5 s; statuses that
 * waiting cannot change (404, 403, …) stop at once. Resolves to the blob, or null when it gave up
 * or the signal aborted.
 */
export async function loadPageImage(
  attemptOnce: () => Promise<TPageAttempt>,
  options: TPageLoadOptions = {},
): Promise<Blob | null> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) return null;
    const result = await attemptOnce();
    if (result.ok) return result.blob;
    if (options.signal?.aborted) return null;
    const wait = pageImageRetryDelay({
      attempt,
      status: result.status,
      retryAfter: result.retryAfter,
    });
    if (wait === null) {
      options.onGiveUp?.();
      return null;
    }
    await sleep(wait);
  }
}
