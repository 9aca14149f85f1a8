import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { AppError } from '../errors.ts';
import { encrypted, PageOutOfRangeError, PageTooLargeError, unreadable } from './errors.ts';
import { MAX_IMAGE_PIXELS, MAX_RENDER_PIXELS, RENDER_SCALES } from './limits.ts';
import { encodePng } from './png.ts';

/**
 * Draws PDF pages with pdfjs on @napi-rs/canvas. Runs in a PDF worker (pool/), never on the
 * server's main thread: drawing an untrusted page may take any time or memory, and the worker
 * is what limits both.
 */

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type LoadingTask = ReturnType<PdfJs['getDocument']>;
type PdfDocument = Awaited<LoadingTask['promise']>;

/** Parsed documents kept for the next page of the same PDF: at most this many … */
const DOCUMENT_CACHE_SIZE = 8;
/** … and at most this many PDF bytes together (the newest document always stays). */
const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Canvas limit of @napi-rs/canvas (Skia) per side. */
const MAX_SIDE = 32_767;

// ---------------------------------------------------------------------------------------------
// pdfjs, loaded once per worker

let pdfjsPromise: Promise<PdfJs> | undefined;
let assetDirs: { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string; iccUrl: string };

/** Imports pdfjs once per process; later calls get the same module. */
export function loadPdfJs(): Promise<PdfJs> {
  if (!pdfjsPromise) {
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    // pdfjs in Node reads these with fs when given plain paths ending in a separator.
    assetDirs = {
      standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
      cMapUrl: `${join(root, 'cmaps')}/`,
      wasmUrl: `${join(root, 'wasm')}/`,
      iccUrl: `${join(root, 'iccs')}/`,
    };
    pdfjsPromise = import('pdfjs-dist/legacy/build/pdf.mjs').catch((e) => {
      pdfjsPromise = undefined;
      throw e;
    });
  }
  return pdfjsPromise;
}

// ---------------------------------------------------------------------------------------------
// parsed documents, a small LRU keyed by SHA-256

type Entry = { task: LoadingTask; size: number; doc: Promise<PdfDocument>; users: number };

const documents = new Map<string, Entry>();

/** SHA-256 of the documents this worker has parsed and kept (the pool routes pages to it). */
export function cachedDocuments(): string[] {
  return [...documents.keys()];
}

/** Whether the document is parsed and kept here (then its bytes need not be sent again). */
export function hasDocument(sha256: string): boolean {
  return documents.has(sha256);
}

/** Drops every parsed document (benchmarks and tests measure a parse with it). */
export function forgetDocuments(): void {
  for (const [key, entry] of documents) evict(key, entry);
}

function destroy(entry: Entry): void {
  void entry.task.destroy().catch(() => {});
}

function evict(key: string, entry: Entry): void {
  if (documents.get(key) === entry) documents.delete(key);
  if (entry.users === 0) destroy(entry);
}

function toPdfError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  const name = (e as { name?: string } | null)?.name;
  if (name === 'PasswordException') return encrypted();
  return unreadable();
}

function openDocument(pdfjs: PdfJs, sha256: string, bytes: Uint8Array): Entry {
  const cached = documents.get(sha256);
  if (cached) {
    documents.delete(sha256); // re-insert: most recently used last
    documents.set(sha256, cached);
    cached.users++;
    return cached;
  }
  const task = pdfjs.getDocument({
    // pdfjs keeps (and may transfer) the buffer it is given: hand it a private copy.
    data: new Uint8Array(bytes),
    ...assetDirs,
    useSystemFonts: false,
    disableFontFace: true,
    // Images beyond this are not drawn (the upload check refuses files that have them).
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  const entry: Entry = { task, size: bytes.byteLength, doc: task.promise, users: 1 };
  entry.doc = task.promise.catch((e: unknown) => {
    evict(sha256, entry); // a PDF that failed to parse is not kept
    throw toPdfError(e);
  });
  documents.set(sha256, entry);
  let total = 0;
  for (const e of documents.values()) total += e.size;
  while (
    documents.size > DOCUMENT_CACHE_SIZE ||
    (documents.size > 1 && total > DOCUMENT_CACHE_BYTES)
  ) {
    const [oldestKey, oldest] = documents.entries().next().value as [string, Entry];
    total -= oldest.size;
    evict(oldestKey, oldest);
  }
  return entry;
}

function release(entry: Entry): void {
  entry.users--;
  if (entry.users === 0 && ![...documents.values()].includes(entry)) destroy(entry);
}

/** A parsed page of a document held here, with the pdfjs module that drew it. */
type PageUse<T> = (page: PdfPage, pdfjs: PdfJs) => Promise<T>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/**
 * Runs `use` on page `page` (1-based) of the document `sha256`, parsed here once and kept for
 * its next pages (`bytes` is asked for only when it is not held yet). The page is released
 * afterwards; pdfjs failures become PDF_ENCRYPTED / PDF_UNREADABLE (422), a page past the end
 * PageOutOfRangeError (404).
 */
export async function withPdfPage<T>(
  sha256: string,
  bytes: () => Promise<Uint8Array>,
  page: number,
  use: PageUse<T>,
): Promise<T> {
  const pdfjs = await loadPdfJs();
  const entry = openDocument(
    pdfjs,
    sha256,
    documents.has(sha256) ? new Uint8Array() : await bytes(),
  );
  try {
    const doc = await entry.doc;
    if (page > doc.numPages) throw new PageOutOfRangeError(page, doc.numPages);
    const pdfPage = await doc.getPage(page).catch((e: unknown) => {
      throw toPdfError(e);
    });
    try {
      return await use(pdfPage, pdfjs);
    } finally {
      pdfPage.cleanup();
    }
  } finally {
    release(entry);
  }
}

/**
 * Draws a page on a white canvas of `width` × `height` pixels through `viewport` and returns its
 * RGBA pixels. Annotations with appearances (visual signatures) are drawn when `annotations`.
 */
export async function drawPage(
  pdfPage: PdfPage,
  pdfjs: PdfJs,
  viewport: ReturnType<PdfPage['getViewport']>,
  size: { width: number; height: number },
  annotations: boolean,
): Promise<Uint8ClampedArray> {
  const canvas = createCanvas(size.width, size.height);
  await pdfPage
    .render({
      // pdfjs draws through the 2D canvas API, which @napi-rs/canvas implements.
      canvas: canvas as unknown as Parameters<typeof pdfPage.render>[0]['canvas'],
      viewport,
      background: '#ffffff',
      annotationMode: annotations ? pdfjs.AnnotationMode.ENABLE : pdfjs.AnnotationMode.DISABLE,
    })
    .promise.catch((e: unknown) => {
      throw toPdfError(e);
    });
  return canvas.getContext('2d').getImageData(0, 0, size.width, size.height).data;
}

/** The rendered image of one page. */
export type RenderedPage = { png: Uint8Array; width: number; height: number };

/**
 * Draws page `page` (1-based) at `scale` (one of RENDER_SCALES, percent; 100 = one pixel per
 * PDF point) as a PNG: the page's crop box, rotation applied, on white, annotations with
 * appearances (visual signatures) included. `bytes` is asked for only when the document is not
 * parsed here yet.
 *
 * Throws PageOutOfRangeError (404), PageTooLargeError (422), PDF_ENCRYPTED / PDF_UNREADABLE (422).
 */
export async function renderPage(
  sha256: string,
  bytes: () => Promise<Uint8Array>,
  page: number,
  scale: number,
): Promise<RenderedPage> {
  if (
    !(RENDER_SCALES as readonly number[]).includes(scale) ||
    !Number.isInteger(page) ||
    page < 1
  ) {
    throw new AppError('INVALID_PAGE', 400, 'No such page image.', { page, scale });
  }
  return withPdfPage(sha256, bytes, page, async (pdfPage, pdfjs) => {
    const viewport = pdfPage.getViewport({ scale: scale / 100 });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    if (width * height > MAX_RENDER_PIXELS || width > MAX_SIDE || height > MAX_SIDE) {
      const unit = pdfPage.getViewport({ scale: 1 });
      const fit = Math.min(
        Math.sqrt(MAX_RENDER_PIXELS / (unit.width * unit.height)),
        MAX_SIDE / unit.width,
        MAX_SIDE / unit.height,
      );
      throw new PageTooLargeError(page, scale, Math.floor(fit * 100));
    }
    const rgba = await drawPage(pdfPage, pdfjs, viewport, { width, height }, true);
    return { png: await encodePng(rgba, width, height), width, height };
  });
}
