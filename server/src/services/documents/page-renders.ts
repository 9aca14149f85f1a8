import { existsSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageRenders } from '../../db/schema/page-renders.ts';
import { AppError, isAppError } from '../../errors.ts';
import { rowsOf } from '../../evidence/db-row.ts';
import type { Logger } from '../../log.ts';
import { RENDER_BUDGET_BYTES } from '../../pdf/limits.ts';
import type { PdfPool, RunOptions } from '../../pdf/pool/pool.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.ts';

/**
 * Page images in the blob store, drawn by the PDF workers, coordinated through `page_renders`
 * so that every instance serving the same database draws each image once: an instance claims
 * a row before drawing, the others see the claim and answer "still rendering". Images of one
 * PDF version are held to RENDER_BUDGET_BYTES together; past it the oldest go.
 */

export type RenderDeps = {
  db: Db;
  blobs: BlobStore;
  pdf: PdfPool;
  log?: Logger | undefined;
  /** Bytes of stored images per PDF version (default RENDER_BUDGET_BYTES). */
  budgetBytes?: number;
};

/** How long a claim holds before another instance may take the render over. */
const LEASE_MS = 60_000;
/** How long a page that could not be drawn keeps answering its error before a new try. */
const FAILURE_TTL_MS = 10 * 60_000;

/** The `page_renders` row of one image. */
export const renderRow = (sha256: string, page: number, scale: number) =>
  and(eq(pageRenders.sha256, sha256), eq(pageRenders.page, page), eq(pageRenders.scale, scale));

/** Blob key of a stored page image: `render/<sha256>/<page>@<scale>.png`. */
export function renderKey(sha256: string, page: number, scale: number): string {
  return `render/${sha256}/${page}@${scale}.png`;
}

export type RenderState =
  | { kind: 'done'; key: string }
  | { kind: 'failed'; error: AppError }
  | { kind: 'elsewhere' };

/** Renders of this process in progress, so concurrent callers of one image share one. */
const inFlight = new Map<string, Promise<RenderState>>();

/** What is known of one image: stored, undrawable, being drawn, or nothing (yet). */
export type RenderLookup =
  | { state: 'done'; png: Uint8Array }
  | { state: 'failed'; error: AppError }
  | { state: 'rendering' }
  | { state: 'none' }
  /** The row says done but the blob is gone (removed by hand, a restored backup): draw again. */
  | { state: 'lost' };

/**
 * Looks one image up: the blob first, then (without it) the row. A stored image is answered
 * from the blob store alone — its key names the PDF version's bytes, page and scale, so the
 * image is right whatever the row says (the budget and `deleteRenders` drop the row first and
 * then the blob, so a reader between the two still gets a correct image).
 */
export async function lookupRender(
  deps: Pick<RenderDeps, 'db' | 'blobs'>,
  sha256: string,
  page: number,
  scale: number,
): Promise<RenderLookup> {
  const stored = await deps.blobs.get(renderKey(sha256, page, scale));
  if (stored) return { state: 'done', png: stored };
  const [row] = await deps.db
    .select({
      status: pageRenders.status,
      error: pageRenders.error,
      at: pageRenders.updatedAt,
      leaseUntil: pageRenders.leaseUntil,
    })
    .from(pageRenders)
    .where(renderRow(sha256, page, scale));
  if (!row) return { state: 'none' };
  // The row says done but the image was not found above.
  if (row.status === 'done') return { state: 'lost' };
  if (row.status === 'failed') {
    return Date.now() - row.at.getTime() < FAILURE_TTL_MS
      ? { state: 'failed', error: fromStored(row.error) }
      : { state: 'none' };
  }
  return (row.leaseUntil?.getTime() ?? 0) > Date.now() ? { state: 'rendering' } : { state: 'none' };
}

function fromStored(error: unknown): AppError {
  const e = (error ?? {}) as {
    code?: string;
    status?: number;
    message?: string;
    details?: unknown;
  };
  return new AppError(
    e.code ?? 'RENDER_FAILED',
    e.status ?? 422,
    e.message ?? 'This page cannot be shown.',
    e.details,
  );
}

/**
 * Claims the render of one image and draws it in a worker, unless another instance holds a
 * live claim (then `elsewhere`). Resolves when the image is stored (`done`) or known to be
 * undrawable (`failed`, a 4xx to answer); other failures reject and leave no claim, so the next
 * call tries again. Calls in this process for the same image share one render.
 */
export function startRender(
  deps: RenderDeps,
  sha256: string,
  page: number,
  scale: number,
  options: Pick<RunOptions, 'priority'> & { lost?: boolean } = {},
): Promise<RenderState> {
  const key = renderKey(sha256, page, scale);
  const running = inFlight.get(key);
  if (running) return running;
  const job = render(deps, sha256, page, scale, key, options).finally(() => inFlight.delete(key));
  inFlight.set(key, job);
  return job;
}

async function render(
  deps: RenderDeps,
  sha256: string,
  page: number,
  scale: number,
  key: string,
  options: Pick<RunOptions, 'priority'> & { lost?: boolean },
): Promise<RenderState> {
  const claimed = await claim(deps.db, sha256, page, scale, options.lost ?? false);
  if (!claimed) return { kind: 'elsewhere' };
  const where = renderRow(sha256, page, scale);
  try {
    const { png } = await deps.pdf.run(
      'render',
      { source: { sha256 }, page, scale },
      {
        ...(options.priority ? { priority: options.priority } : {}),
        source: () => pdfSource(deps.blobs, sha256),
      },
    );
    await deps.blobs.putAt(key, png, { contentType: 'image/png' });
    await deps.db
      .update(pageRenders)
      .set({ status: 'done', bytes: png.byteLength, leaseUntil: null, updatedAt: new Date() })
      .where(where);
    await holdBudget(deps, sha256);
    return { kind: 'done', key };
  } catch (e) {
    if (isAppError(e) && e.status < 500 && e.code !== 'SERVER_BUSY') {
      const error = { code: e.code, status: e.status, message: e.message, details: e.details };
      await deps.db
        .update(pageRenders)
        .set({ status: 'failed', error, leaseUntil: null, updatedAt: new Date() })
        .where(where);
      return { kind: 'failed', error: e };
    }
    // Busy workers, a storage hiccup: give the claim back so the next call tries again.
    await deps.db.delete(pageRenders).where(and(where, eq(pageRenders.status, 'rendering')));
    throw e;
  }
}

/**
 * Takes the render: no row yet, a failure that is old, a claim whose lease ran out, or (`lost`)
 * a done row whose image the caller did not find.
 */
async function claim(
  db: Db,
  sha256: string,
  page: number,
  scale: number,
  lost: boolean,
): Promise<boolean> {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const staleFailure = new Date(now.getTime() - FAILURE_TTL_MS);
  const rows = await db
    .insert(pageRenders)
    .values({ sha256, page, scale, status: 'rendering', leaseUntil, updatedAt: now })
    .onConflictDoUpdate({
      target: [pageRenders.sha256, pageRenders.page, pageRenders.scale],
      set: { status: 'rendering', leaseUntil, error: null, updatedAt: now },
      setWhere: sql`(${pageRenders.status} = 'rendering' and ${pageRenders.leaseUntil} < ${now.toISOString()}::timestamptz)
        or (${pageRenders.status} = 'failed' and ${pageRenders.updatedAt} < ${staleFailure.toISOString()}::timestamptz)
        or (${pageRenders.status} = 'done' and ${lost})`,
    })
    .returning({ sha256: pageRenders.sha256 });
  return rows.length > 0;
}

/** The PDF for a worker: the file itself when the store keeps one here, else its bytes. */
async function pdfSource(
  blobs: BlobStore,
  sha256: string,
): Promise<{ path: string } | { bytes: Uint8Array }> {
  const path = blobs.localPath(sha256);
  if (path && existsSync(path)) return { path };
  const bytes = await blobs.get(sha256);
  if (!bytes) throw new BlobNotFoundError(sha256);
  return { bytes };
}

/**
 * Drops the oldest images of a PDF version while they take more than the budget together (the
 * newest always stays: it was just asked for).
 */
async function holdBudget(deps: RenderDeps, sha256: string): Promise<void> {
  const over = rowsOf(
    await deps.db.execute(sql`
      select page, scale from (
        select page, scale,
          sum(bytes) over (order by updated_at desc, page, scale) as running,
          row_number() over (order by updated_at desc, page, scale) as n
        from page_renders where sha256 = ${sha256} and status = 'done'
      ) t where running > ${deps.budgetBytes ?? RENDER_BUDGET_BYTES} and n > 1`),
  );
  for (const r of over) {
    const page = Number(r.page);
    const scale = Number(r.scale);
    // Row first: a reader then finds no row and draws again, never a row without its image.
    await deps.db
      .delete(pageRenders)
      .where(and(renderRow(sha256, page, scale), eq(pageRenders.status, 'done')));
    await deps.blobs.delete(renderKey(sha256, page, scale));
  }
  if (over.length > 0)
    deps.log?.info({ sha256, dropped: over.length }, 'page images over the budget dropped');
}

/** Forgets every image of these PDF versions (rows and blobs), e.g. when a document goes. */
export async function deleteRenders(
  deps: Pick<RenderDeps, 'db' | 'blobs'>,
  sha256s: readonly string[],
): Promise<void> {
  if (sha256s.length === 0) return;
  await deps.db.delete(pageRenders).where(inArray(pageRenders.sha256, [...sha256s]));
  for (const sha of sha256s) await deps.blobs.deletePrefix(`render/${sha}/`);
}
