import type { Db } from '../../db/client.ts';
import type { AppError } from '../../errors.ts';
import { PageOutOfRangeError } from '../../pdf/errors.ts';
import { renderScaleFor } from '../../pdf/limits.ts';
import type { PdfPool } from '../../pdf/pool/pool.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { type DocumentViewer, loadVisibleDocument } from './access.ts';
import { lookupRender, type RenderState, startRender } from './page-renders.ts';

/**
 * How long a page call waits for a render it started before answering 503 (ms). Most pages
 * draw in 30–150 ms, so the first view usually gets its image in one call; a slow page gets
 * 503 + Retry-After and the client retries (spec section 8).
 */
export const pageImageSettings = { waitMs: 300, retryAfterSeconds: 1 };

export type PageImageResult =
  | { kind: 'image'; png: Uint8Array; etag: string }
  | { kind: 'rendering'; retryAfterSeconds: number };

/**
 * The image of page `page` of the current version of a document (signed when signed, so visual
 * signatures show), at the stored scale for `scale` (pdf/limits.ts: 50, 100, 150 or 200). A
 * stored image is answered at once; otherwise a render starts (unless another instance is
 * drawing it) and is awaited up to `pageImageSettings.waitMs`, after which the caller answers
 * 503. A page that cannot be drawn answers its 4xx.
 */
export async function getPageImage(
  deps: { db: Db; blobs: BlobStore; pdf: PdfPool },
  viewer: DocumentViewer,
  documentId: string,
  page: number,
  requestedScale: number,
): Promise<PageImageResult> {
  const { doc } = await loadVisibleDocument(deps.db, documentId, viewer, { requests: false });
  if (page > doc.pageCount) throw new PageOutOfRangeError(page, doc.pageCount);
  const scale = renderScaleFor(requestedScale);
  const sha256 = doc.signedSha256 ?? doc.sha256;
  const etag = `"${sha256.slice(0, 32)}-${page}-${scale}"`;
  const rendering = {
    kind: 'rendering',
    retryAfterSeconds: pageImageSettings.retryAfterSeconds,
  } as const;
  const found = await lookupRender(deps, sha256, page, scale);
  if (found.state === 'done') return { kind: 'image', png: found.png, etag };
  if (found.state === 'failed') throw found.error;
  if (found.state === 'rendering') return rendering;

  const render = startRender(deps, sha256, page, scale, { lost: found.state === 'lost' });
  let outcome: RenderState | { kind: 'waiting' } | { kind: 'error'; error: unknown } = {
    kind: 'waiting',
  };
  const settled = render.then(
    (state) => {
      outcome = state;
    },
    (error: unknown) => {
      outcome = { kind: 'error', error };
    },
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    settled,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, pageImageSettings.waitMs);
    }),
  ]);
  clearTimeout(timer);
  const o = outcome as RenderState | { kind: 'waiting' } | { kind: 'error'; error: unknown };
  if (o.kind === 'failed') throw o.error as AppError;
  if (o.kind === 'error') throw o.error;
  if (o.kind === 'done') {
    const png = await deps.blobs.get(o.key);
    if (png) return { kind: 'image', png, etag };
  }
  return rendering;
}
