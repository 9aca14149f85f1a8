/**
 * Where the viewer's page images come from, and the images it has: a signed-in user's pages are
 * fetched with the bearer token (so they become blob URLs, kept per page and scale while the
 * page lives); a direct signer's page URLs authorise themselves with the document token, so the
 * browser loads (and caches) them as plain images and only a failed load is fetched with the
 * retries. Either way the spec's page-image retries apply (503 + Retry-After while rendering).
 */
import type { TPageImageScale } from '@signet/shared/document/document.constants';
import { api, fetchFile } from '../../lib/api.ts';
import { loadPageImage, type TPageAttempt } from './page-image.ts';

/** How the viewer gets page images. */
export type TPageSource =
  /** `GET /v3/documents/{id}/pages/{n}?scale=` with the session's token. */
  | { kind: 'api' }
  /** URLs that authorise themselves (a direct signer's, with the document token). */
  | { kind: 'url'; src: (documentId: string, page: number, scale: TPageImageScale) => string };

const API_SOURCE: TPageSource = { kind: 'api' };
export const apiPageSource = (): TPageSource => API_SOURCE;

async function attempt(run: () => Promise<Response>): Promise<TPageAttempt> {
  try {
    const response = await run();
    if (response.ok) return { ok: true, blob: await response.blob() };
    return { ok: false, status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { ok: false };
  }
}

/** Blob URLs of loaded images by document, page and scale; the oldest are let go. */
const loaded = new Map<string, Promise<string | null>>();
const MAX_KEPT = 160;

function keep(key: string, value: Promise<string | null>) {
  loaded.set(key, value);
  while (loaded.size > MAX_KEPT) {
    const [oldest, url] = loaded.entries().next().value as [string, Promise<string | null>];
    loaded.delete(oldest);
    // The image element keeps what it decoded; the URL is no longer needed.
    void url.then((u) => u && setTimeout(() => URL.revokeObjectURL(u), 10_000));
  }
}

/**
 * A page image as a URL to show, loaded once per document, page and scale (with the retries);
 * null when it could not be loaded. For a `url` source this is the fallback after the plain
 * image failed.
 */
export function pageImageUrl(
  source: TPageSource,
  documentId: string,
  page: number,
  scale: TPageImageScale,
): Promise<string | null> {
  const key = `${source.kind}:${documentId}:${page}:${scale}`;
  const known = loaded.get(key);
  if (known) return known;
  const once = () =>
    source.kind === 'api'
      ? attempt(() =>
          fetchFile(api.getDocumentPage, { params: { id: documentId, n: page }, query: { scale } }),
        )
      : attempt(() => fetch(source.src(documentId, page, scale)));
  const result = loadPageImage(once, {
    onGiveUp: () => console.error('Failed to load data'),
  }).then((blob) => (blob ? URL.createObjectURL(blob) : null));
  keep(key, result);
  // A failure is not kept: scrolling back tries again.
  void result.then((url) => {
    if (!url && loaded.get(key) === result) loaded.delete(key);
  });
  return result;
}

/** The scale a loaded image URL was asked for (the `scale` query), or null. */
export function scaleOfUrl(url: string): number | null {
  try {
    const value = new URL(url, 'http://x').searchParams.get('scale');
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}
