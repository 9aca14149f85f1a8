import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { AppError } from '../errors.ts';
import {
  BlobNotFoundError,
  type BlobStore,
  InvalidBlobKeyError,
  isContentKey,
  sha256Hex,
} from '../storage/blob-store.ts';
import { PdfError } from './errors.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type LoadingTask = ReturnType<PdfJs['getDocument']>;
type PdfDocument = Awaited<LoadingTask['promise']>;

/** Page images: scale in percent of the page's size in points (100 → 1 px per pt, 72 dpi). */
export const DEFAULT_SCALE = 100;
export const MIN_SCALE = 10;
export const MAX_SCALE = 400;
/** Largest image we draw (width × height); A4 at 400 % is 8 MP, A0 at 200 % is 32 MP. */
export const MAX_PIXELS = 40_000_000;
/** Parsed documents kept for the next page of the same PDF: at most this many … */
const DOCUMENT_CACHE_SIZE = 8;
/** … and at most this many PDF bytes together (the newest document always stays). */
const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Canvas limit of @napi-rs/canvas (Skia) per side. */
const MAX_SIDE = 32_767;

/** The page asked for does not exist in this PDF (pages are 1-based). 404 PAGE_NOT_FOUND. */
export class PageOutOfRangeError extends AppError {
  readonly page: number;
  readonly pageCount: number;
  constructor(page: number, pageCount: number) {
    super(
      'PAGE_NOT_FOUND',
      404,
      `Page ${page} does not exist; the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
      { page, pageCount },
    );
    this.page = page;
    this.pageCount = pageCount;
  }
}

/** The page number is not a whole number from 1. 400 INVALID_PAGE. */
export class InvalidPageError extends AppError {
  constructor(page: number) {
    super('INVALID_PAGE', 400, 'The page must be a whole number from 1.', { page });
  }
}

/** The scale is not an integer percentage in MIN_SCALE..MAX_SCALE. 400 INVALID_SCALE. */
export class InvalidScaleError extends AppError {
  constructor(scale: number) {
    super(
      'INVALID_SCALE',
      400,
      `The scale must be a whole number from ${MIN_SCALE} to ${MAX_SCALE}.`,
      {
        scale,
        min: MIN_SCALE,
        max: MAX_SCALE,
      },
    );
  }
}

/** The page is too large to draw at this scale. 422 PAGE_TOO_LARGE; details carry the largest scale that fits. */
export class PageTooLargeError extends AppError {
  constructor(page: number, scale: number, maxScale: number) {
    super('PAGE_TOO_LARGE', 422, `Page ${page} is too large to show at ${scale} %.`, {
      page,
      scale,
      maxScale,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// pdfjs, loaded once

let pdfjsPromise: Promise<PdfJs> | undefined;
let assetDirs: { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string; iccUrl: string };

/** Imports pdfjs once per process; later calls get the same module. Call at start to warm it. */
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

/**
 * Loads pdfjs and draws a small page with text once, so the first user-facing render does not
 * pay for module loading, font data and JIT warm-up (~300 ms on a cold process). Call at start.
 */
export async function warmUpRenderer(): Promise<void> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 50, y: 50, width: 100, height: 40, color: rgb(0.2, 0.4, 0.9) });
  for (let line = 0; line < 30; line++) {
    page.drawText(`Signet warm-up line ${line}: the quick brown fox jumps over the lazy dog.`, {
      x: 50,
      y: 780 - line * 16,
      size: 10,
      font,
    });
  }
  const bytes = await doc.save();
  const sha256 = sha256Hex(bytes);
  await renderPage(bytes, 1, DEFAULT_SCALE, { sha256 });
  const entry = documents.get(sha256);
  if (entry) evict(sha256, entry);
}

// ---------------------------------------------------------------------------------------------
// parsed documents, a small LRU keyed by SHA-256

type Entry = {
  task: LoadingTask;
  size: number;
  doc: Promise<PdfDocument>;
  users: number;
  evicted: boolean;
};

const documents = new Map<string, Entry>();
const stats = { hits: 0, misses: 0 };

/** Counters of the parsed-document cache (for tests and the benchmark). */
export function documentCacheStats(): { hits: number; misses: number; size: number } {
  return { ...stats, size: documents.size };
}

/** Forgets every parsed document (each is destroyed once no render uses it). */
export function clearDocumentCache(): void {
  for (const [key, entry] of documents) evict(key, entry);
}

function evict(key: string, entry: Entry): void {
  if (documents.get(key) === entry) documents.delete(key);
  entry.evicted = true;
  if (entry.users === 0) void entry.task.destroy().catch(() => {});
}

/** Takes a user on the cached document for `sha256`, parsing `bytes` on a miss. Needs pdfjs loaded. */
function openDocument(pdfjs: PdfJs, bytes: Uint8Array, sha256: string): Entry {
  const cached = documents.get(sha256);
  if (cached) {
    stats.hits++;
    documents.delete(sha256); // re-insert: most recently used last
    documents.set(sha256, cached);
    cached.users++;
    return cached;
  }
  stats.misses++;
  // pdfjs keeps (and may transfer) the buffer it is given: hand it a private copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    ...assetDirs,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const entry: Entry = {
    task,
    size: bytes.byteLength,
    doc: task.promise,
    users: 1,
    evicted: false,
  };
  entry.doc = task.promise.catch((e: unknown) => {
    // A PDF that failed to parse is not cached; the next request tries again.
    evict(sha256, entry);
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
  if (entry.evicted && entry.users === 0) void entry.task.destroy().catch(() => {});
}

function toPdfError(e: unknown): unknown {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'PasswordException') {
    return new PdfError('PDF_ENCRYPTED', 'The PDF is protected by a password.');
  }
  if (
    name === 'InvalidPDFException' ||
    name === 'UnknownErrorException' ||
    name === 'FormatError'
  ) {
    return new PdfError('PDF_UNREADABLE', 'The PDF could not be read.', {
      reason: (e as Error).message,
    });
  }
  return e;
}

async function withDocument<T>(
  bytes: Uint8Array,
  sha256: string | undefined,
  use: (doc: PdfDocument, pdfjs: PdfJs) => Promise<T>,
): Promise<T> {
  const pdfjs = await loadPdfJs();
  const entry = openDocument(pdfjs, bytes, sha256 ?? sha256Hex(bytes));
  try {
    return await use(await entry.doc, pdfjs);
  } finally {
    release(entry);
  }
}

// ---------------------------------------------------------------------------------------------
// public functions

/** Throws {@link InvalidScaleError} unless `scale` is a whole percentage in 10..400. */
export function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < MIN_SCALE || scale > MAX_SCALE) {
    throw new InvalidScaleError(scale);
  }
}

/** Throws {@link InvalidPageError} unless `page` is a whole number from 1. */
export function assertPageNumber(page: number): void {
  if (!Number.isInteger(page) || page < 1) throw new InvalidPageError(page);
}

/**
 * Number of pages of a PDF, read with pdfjs. Pass `sha256` when known to skip hashing; the
 * parsed document stays cached for rendering. Unreadable or encrypted → PdfError (422).
 */
export async function pageCount(pdfBytes: Uint8Array, sha256?: string): Promise<number> {
  return withDocument(pdfBytes, sha256, async (doc) => doc.numPages);
}

/**
 * Draws one page of a PDF as a PNG: page `pageNumber` (1-based) at `scale` percent
 * (100 = one pixel per PDF point; the image is the page's crop box, rotation applied, on
 * white). Annotations with appearances, such as visual signatures, are drawn too.
 * The parsed document is cached by SHA-256 (pass `sha256` when known), so the next page of the
 * same PDF skips parsing.
 *
 * Throws {@link InvalidScaleError} / {@link InvalidPageError} (400), {@link PageOutOfRangeError} (404),
 * {@link PageTooLargeError} (422), or a PdfError (422) for an unreadable/encrypted PDF.
 */
export async function renderPage(
  pdfBytes: Uint8Array,
  pageNumber: number,
  scale: number = DEFAULT_SCALE,
  options: { sha256?: string } = {},
): Promise<Uint8Array> {
  assertScale(scale);
  assertPageNumber(pageNumber);
  return withDocument(pdfBytes, options.sha256, async (doc, pdfjs) => {
    if (pageNumber > doc.numPages) {
      throw new PageOutOfRangeError(pageNumber, doc.numPages);
    }
    const page = await doc.getPage(pageNumber);
    try {
      const viewport = page.getViewport({ scale: scale / 100 });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      if (width * height > MAX_PIXELS || width > MAX_SIDE || height > MAX_SIDE) {
        const unit = page.getViewport({ scale: 1 });
        const fit = Math.min(
          Math.sqrt(MAX_PIXELS / (unit.width * unit.height)),
          MAX_SIDE / unit.width,
          MAX_SIDE / unit.height,
        );
        throw new PageTooLargeError(pageNumber, scale, Math.floor(fit * 100));
      }
      const canvas = createCanvas(width, height);
      await page.render({
        // pdfjs draws through the 2D canvas API, which @napi-rs/canvas implements.
        canvas: canvas as unknown as Parameters<typeof page.render>[0]['canvas'],
        viewport,
        background: '#ffffff',
        annotationMode: pdfjs.AnnotationMode.ENABLE,
      }).promise;
      const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      return await encodePng(rgba, width, height);
    } finally {
      page.cleanup();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// PNG

const deflateAsync = promisify(deflate);
const PNG_SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);

function pngChunk(type: string, data: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + data.byteLength);
  chunk.writeUInt32BE(data.byteLength, 0);
  chunk.write(type, 4, 'latin1');
  chunk.set(data, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.byteLength)), 8 + data.byteLength);
  return chunk;
}

/**
 * Encodes opaque RGBA pixels as an 8-bit RGB PNG. Skia's own PNG encoder took 20–60 ms for an
 * A4 page and wrote ~180 KB; dropping alpha, the "Up" row filter (page images are mostly
 * horizontal runs) and zlib on the thread pool give ~25 KB in a few ms.
 */
async function encodePng(rgba: Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  let prev = -1;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 2; // filter type Up: each byte minus the byte above
    let s = y * width * 4;
    for (let d = row + 1; d < row + stride; d += 3, s += 4) {
      raw[d] = rgba[s] as number;
      raw[d + 1] = rgba[s + 1] as number;
      raw[d + 2] = rgba[s + 2] as number;
    }
    prev = row;
  }
  // Filter bottom-up so every row still sees the unfiltered row above it.
  for (let row = prev; row > 0; row -= stride) {
    const above = row - stride;
    for (let i = 1; i < stride; i++) {
      raw[row + i] = ((raw[row + i] as number) - (raw[above + i] as number)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour (RGB)
  const data = await deflateAsync(raw, { level: 6 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** Blob key of a stored page image: `render/<sha256>/<page>@<scale>.png`. */
export function renderKey(sha256: string, page: number, scale: number = DEFAULT_SCALE): string {
  return `render/${sha256}/${page}@${scale}.png`;
}

/** A stored page image, or null when it has not been rendered yet (then queue a render). */
export async function getStoredRender(
  store: BlobStore,
  sha256: string,
  page: number,
  scale: number = DEFAULT_SCALE,
): Promise<Uint8Array | null> {
  assertScale(scale);
  assertPageNumber(page);
  return store.get(renderKey(sha256, page, scale));
}

const inFlight = new Map<string, Promise<string>>();

/**
 * Makes sure the image of page `page` at `scale` of the PDF stored under `sha256` is in the
 * blob store, and returns its key. Idempotent: an existing image is kept, and concurrent
 * calls for the same image in this process share one render. For a render job.
 *
 * Throws BlobNotFoundError (404) when the PDF is not in the store, plus the errors of
 * {@link renderPage}.
 */
export async function renderAndStore(
  store: BlobStore,
  sha256: string,
  page: number,
  scale: number = DEFAULT_SCALE,
): Promise<string> {
  assertScale(scale);
  assertPageNumber(page);
  if (!isContentKey(sha256)) throw new InvalidBlobKeyError(sha256, 'not a SHA-256');
  const key = renderKey(sha256, page, scale);
  const running = inFlight.get(key);
  if (running) return running;
  const job = (async () => {
    if (await store.has(key)) return key;
    const pdf = await store.get(sha256);
    if (!pdf) throw new BlobNotFoundError(sha256);
    const png = await renderPage(pdf, page, scale, { sha256 });
    await store.putAt(key, png, { contentType: 'image/png' });
    return key;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, job);
  return job;
}
