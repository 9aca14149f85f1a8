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

/**
 * One page image at one scale: its load (with the retries) and how many pages show it. The last
 * page to let go of a load still under way stops it, so a page whose scale changed, or that
 * scrolled away, leaves no retries behind.
 */
type TEntry = { url: Promise<string | null>; users: number; stop: AbortController; done: boolean };

/** Blob URLs of loaded images by document, page and scale; the oldest are let go. */
const loaded = new Map<string, TEntry>();
const MAX_KEPT = 160;

function keep(key: string, entry: TEntry) {
  loaded.set(key, entry);
  for (const [oldest, kept] of loaded) {
    if (loaded.size <= MAX_KEPT) break;
    if (!kept.done) continue;
    loaded.delete(oldest);
    // The image element keeps what it decoded; the URL is no longer needed.
    void kept.url.then((u) => u && setTimeout(() => URL.revokeObjectURL(u), 10_000));
  }
}

/** A page image being shown: its URL, and `release` when the page no longer wants it. */
export type TPageImageUse = { url: Promise<string | null>; release: () => void };

/**
 * A page image as a URL to show, loaded once per document, page and scale (with the retries,
 * at most one request in flight for each); null when it could not be loaded. For a `url` source
 * this is the fallback after the plain image failed. Call `release` when the page lets go.
 */
export function pageImageUrl(
  source: TPageSource,
  documentId: string,
  page: number,
  scale: TPageImageScale,
): TPageImageUse {
  const key = `${source.kind}:${documentId}:${page}:${scale}`;
  let entry = loaded.get(key);
  if (!entry) {
    const stop = new AbortController();
    const { signal } = stop;
    const once = () =>
      source.kind === 'api'
        ? attempt(() =>
            fetchFile(
              api.getDocumentPage,
              { params: { id: documentId, n: page }, query: { scale } },
              signal,
            ),
          )
        : attempt(() => fetch(source.src(documentId, page, scale), { signal }));
    const url = loadPageImage(once, {
      signal,
      onGiveUp: () => console.error('Failed to load data'),
    }).then((blob) => (blob ? URL.createObjectURL(blob) : null));
    const created: TEntry = { url, users: 0, stop, done: false };
    entry = created;
    keep(key, created);
    void url.then((u) => {
      created.done = true;
      // A failure is not kept: scrolling back tries again.
      if (!u && loaded.get(key) === created) loaded.delete(key);
    });
  }
  const used = entry;
  used.users++;
  let released = false;
  return {
    url: used.url,
    release: () => {
      if (released) return;
      released = true;
      used.users--;
      // A re-render lets go and takes the same image again at once: only a load nobody took
      // back by then stops.
      setTimeout(() => {
        if (used.users > 0 || used.done) return;
        used.stop.abort();
        if (loaded.get(key) === used) loaded.delete(key);
      }, 0);
    },
  };
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
