import type { Db } from '../../db/client.ts';
import { AppError, isAppError } from '../../errors.ts';
// render.ts (pdfjs, canvas) loads on first use, off the server's start-up path.
import type { BlobStore } from '../../storage/blob-store.ts';
import { type DocumentViewer, loadVisibleDocument } from './access.ts';

/**
 * How long a page call waits for a render it started before answering 503 (ms). Most pages
 * draw in 30–150 ms, so the first view usually gets its image in one call; a slow page gets
 * 503 + Retry-After and the client retries (spec section 8).
 */
export const pageImageSettings = { waitMs: 300, retryAfterSeconds: 1 };

/**
 * Renders that failed, so the client's retries get the 4xx instead of 503 forever. Kept for a
 * minute: a page that cannot be drawn stays so, but a passing storage hiccup should not.
 */
const failures = new Map<string, { error: AppError; at: number }>();
const MAX_FAILURES = 1000;
const FAILURE_TTL_MS = 60_000;

function rememberFailure(key: string, error: AppError): void {
  if (failures.size >= MAX_FAILURES) {
    const oldest = failures.keys().next().value;
    if (oldest !== undefined) failures.delete(oldest);
  }
  failures.set(key, { error, at: Date.now() });
}

function recentFailure(key: string): AppError | undefined {
  const failed = failures.get(key);
  if (!failed) return undefined;
  if (Date.now() - failed.at > FAILURE_TTL_MS) {
    failures.delete(key);
    return undefined;
  }
  return failed.error;
}

function toClientError(e: unknown): AppError {
  if (isAppError(e) && e.status < 500) return e;
  return new AppError('RENDER_FAILED', 422, 'This page cannot be shown.', {
    reason: e instanceof Error ? e.message : String(e),
  });
}

export type PageImageResult =
  | { kind: 'image'; png: Uint8Array; etag: string }
  | { kind: 'rendering'; retryAfterSeconds: number };

/**
 * The image of page `page` at `scale` of the current version of a document (signed when signed,
 * so visual signatures show). A stored image is answered at once; otherwise a render starts in
 * this process (shared with the render job of the same image) and is awaited up to
 * `pageImageSettings.waitMs`; if it is still running the caller answers 503.
 */
export async function getPageImage(
  db: Db,
  store: BlobStore,
  viewer: DocumentViewer,
  documentId: string,
  page: number,
  scale: number,
): Promise<PageImageResult> {
  const { doc } = await loadVisibleDocument(db, documentId, viewer);
  const { PageOutOfRangeError, renderAndStore, renderKey } = await import('../../pdf/render.ts');
  if (page > doc.pageCount) throw new PageOutOfRangeError(page, doc.pageCount);
  const sha256 = doc.signedSha256 ?? doc.sha256;
  const key = renderKey(sha256, page, scale);
  const etag = `"${sha256.slice(0, 32)}-${page}-${scale}"`;
  const stored = await store.get(key);
  if (stored) return { kind: 'image', png: stored, etag };
  const failed = recentFailure(key);
  if (failed) throw failed;

  const render = renderAndStore(store, sha256, page, scale);
  let outcome = 'waiting' as 'done' | 'failed' | 'waiting';
  let error: unknown;
  const settled = render.then(
    () => {
      outcome = 'done';
    },
    (e: unknown) => {
      outcome = 'failed';
      error = e;
      rememberFailure(key, toClientError(e));
    },
  );
  if (pageImageSettings.waitMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      settled,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, pageImageSettings.waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
  if (outcome === 'failed') throw toClientError(error);
  if (outcome === 'done') {
    const png = await store.get(key);
    if (png) return { kind: 'image', png, etag };
  }
  return { kind: 'rendering', retryAfterSeconds: pageImageSettings.retryAfterSeconds };
}
