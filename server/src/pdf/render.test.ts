import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, sha256Hex } from '../storage/blob-store.ts';
import { FsBlobStore } from '../storage/fs-blob-store.ts';
import {
  clearDocumentCache,
  documentCacheStats,
  getStoredRender,
  InvalidPageError,
  InvalidScaleError,
  PageOutOfRangeError,
  PageTooLargeError,
  pageCount,
  renderAndStore,
  renderKey,
  renderPage,
  warmUpRenderer,
} from './render.ts';
import { qpdfEncrypt } from './test-tools.ts';

type Pixels = { width: number; height: number; at(x: number, y: number): number[] };

async function decode(png: Uint8Array): Promise<Pixels> {
  expect(Array.from(png.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x, y) =>
      Array.from(data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)),
  };
}

const RED = [255, 0, 0, 255];
const BLUE = [0, 0, 255, 255];
const WHITE = [255, 255, 255, 255];

/**
 * Page 1: 200 × 100 pt, a red rectangle from (20, 20) to (60, 50) in PDF space (origin bottom
 * left), "Signet" in Helvetica (a standard font pdfjs must load from its font data) at (100, 40).
 * Page 2: 300 × 150 pt, blue rectangle from (0, 0) to (30, 30). Page 3: 100 × 200 pt, rotated 90°.
 */
async function makePdf(title = 'render test'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title); // a different title gives different bytes: a separate cache entry
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([200, 100]);
  p1.drawRectangle({ x: 20, y: 20, width: 40, height: 30, color: rgb(1, 0, 0) });
  p1.drawText('Signet', { x: 100, y: 40, size: 24, font, color: rgb(0, 0, 0) });
  const p2 = doc.addPage([300, 150]);
  p2.drawRectangle({ x: 0, y: 0, width: 30, height: 30, color: rgb(0, 0, 1) });
  const p3 = doc.addPage([100, 200]);
  p3.setRotation(degrees(90));
  p3.drawRectangle({ x: 0, y: 0, width: 20, height: 20, color: rgb(1, 0, 0) });
  return doc.save();
}

let pdf: Uint8Array;
beforeAll(async () => {
  pdf = await makePdf();
});

describe('renderPage', () => {
  it('draws page 1 at 100 %: one pixel per point, the red box where the PDF puts it', async () => {
    const img = await decode(await renderPage(pdf, 1));
    expect([img.width, img.height]).toEqual([200, 100]);
    // PDF (40, 35) is the middle of the box; images count y from the top: 100 - 35 = 65.
    expect(img.at(40, 65)).toEqual(RED);
    expect(img.at(21, 79)).toEqual(RED); // just inside the top-left corner
    expect(img.at(18, 65)).toEqual(WHITE); // left of the box
    expect(img.at(40, 82)).toEqual(WHITE); // below the box
    expect(img.at(190, 5)).toEqual(WHITE);
  });

  it('draws the text with the standard font data', async () => {
    const img = await decode(await renderPage(pdf, 1));
    // "Signet" at 24 pt spans roughly x 100..170, baseline y = 100 - 40 = 60.
    let ink = 0;
    for (let y = 40; y < 66; y++) {
      for (let x = 98; x < 180; x++) if ((img.at(x, y)[0] ?? 255) < 100) ink++;
    }
    expect(ink).toBeGreaterThan(150);
    // Nothing dark outside the text and the box.
    let stray = 0;
    for (let y = 0; y < 30; y++)
      for (let x = 70; x < 200; x++) if ((img.at(x, y)[0] ?? 0) < 200) stray++;
    expect(stray).toBe(0);
  });

  it('draws at 200 % twice the size, and at 10 % a tenth', async () => {
    const big = await decode(await renderPage(pdf, 1, 200));
    expect([big.width, big.height]).toEqual([400, 200]);
    expect(big.at(80, 130)).toEqual(RED);
    expect(big.at(36, 130)).toEqual(WHITE);
    const small = await decode(await renderPage(pdf, 1, 10));
    expect([small.width, small.height]).toEqual([20, 10]);
  });

  it('draws the other pages with their own size, colours and rotation', async () => {
    const p2 = await decode(await renderPage(pdf, 2));
    expect([p2.width, p2.height]).toEqual([300, 150]);
    expect(p2.at(15, 135)).toEqual(BLUE);
    expect(p2.at(45, 135)).toEqual(WHITE);
    // Page 3 is 100 × 200 rotated by 90° clockwise: shown 200 × 100, the PDF's bottom-left
    // corner (with the red box) ends up at the top left.
    const p3 = await decode(await renderPage(pdf, 3));
    expect([p3.width, p3.height]).toEqual([200, 100]);
    expect(p3.at(10, 10)).toEqual(RED);
    expect(p3.at(190, 90)).toEqual(WHITE);
  });

  it('parses a PDF once for several pages', async () => {
    const other = await makePdf('cache test');
    const before = documentCacheStats();
    await renderPage(other, 1);
    await renderPage(other, 2);
    await pageCount(other);
    const after = documentCacheStats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(2);
    clearDocumentCache();
    expect(documentCacheStats().size).toBe(0);
    // A cleared cache parses again and still renders correctly.
    expect((await decode(await renderPage(other, 2))).at(15, 135)).toEqual(BLUE);
  });

  it('keeps at most 8 documents, without destroying one that is still being drawn', async () => {
    clearDocumentCache();
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf(`lru ${i}`)));
    // All at once: documents are evicted while earlier renders still use them.
    const images = await Promise.all(pdfs.map((b) => renderPage(b, 2)));
    for (const png of images) expect((await decode(png)).at(15, 135)).toEqual(BLUE);
    expect(documentCacheStats().size).toBe(8);
    const before = documentCacheStats();
    await pageCount(pdfs[9] as Uint8Array); // newest: still cached
    await pageCount(pdfs[0] as Uint8Array); // oldest: evicted, parsed again
    const after = documentCacheStats();
    expect([after.hits - before.hits, after.misses - before.misses]).toEqual([1, 1]);
  });

  it('refuses pages that do not exist and scales outside 10..400 with typed errors', async () => {
    for (const page of [4, 99]) {
      const e = await renderPage(pdf, page).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PageOutOfRangeError);
      expect(e).toMatchObject({
        status: 404,
        code: 'PAGE_NOT_FOUND',
        details: { page, pageCount: 3 },
      });
    }
    for (const page of [0, -1, 1.5, Number.NaN]) {
      await expect(renderPage(pdf, page)).rejects.toBeInstanceOf(InvalidPageError);
    }
    for (const scale of [9, 401, 100.5, Number.NaN]) {
      const e = await renderPage(pdf, 1, scale).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(InvalidScaleError);
      expect(e).toMatchObject({ status: 400, code: 'INVALID_SCALE' });
    }
  });

  it('refuses a page too large to draw, naming the largest scale that fits', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([14_000, 14_000]);
    const huge = await doc.save();
    const e = await renderPage(huge, 1, 100).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PageTooLargeError);
    expect(e).toMatchObject({ status: 422, code: 'PAGE_TOO_LARGE', details: { maxScale: 45 } });
    const fits = await decode(await renderPage(huge, 1, 10));
    expect([fits.width, fits.height]).toEqual([1400, 1400]);
  });

  it('answers 422 for bytes that are not a PDF, and does not cache the failure', async () => {
    const junk = new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf');
    for (let i = 0; i < 2; i++) {
      const e = await renderPage(junk, 1).catch((x: unknown) => x);
      expect(e).toMatchObject({ status: 422, code: 'PDF_UNREADABLE' });
    }
    await expect(pageCount(junk)).rejects.toMatchObject({ code: 'PDF_UNREADABLE' });
  });
});

describe('warmUpRenderer', () => {
  it('renders once without leaving its page in the document cache', async () => {
    const before = documentCacheStats();
    await warmUpRenderer();
    const after = documentCacheStats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.size).toBe(before.size);
  });
});

describe('encrypted PDFs', () => {
  it('refuses a PDF that needs a password with 422 PDF_ENCRYPTED, and draws one that does not', async () => {
    const locked = qpdfEncrypt(pdf, 'secret');
    const e = await renderPage(locked, 1).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 422, code: 'PDF_ENCRYPTED' });
    // Encrypted with an empty user password: anyone can open it, so it is shown.
    const open = qpdfEncrypt(pdf, '');
    expect((await decode(await renderPage(open, 1))).at(40, 65)).toEqual(RED);
  });
});

describe('pageCount', () => {
  it('counts pages with pdfjs', async () => {
    expect(await pageCount(pdf)).toBe(3);
    const doc = await PDFDocument.create();
    for (let i = 0; i < 12; i++) doc.addPage([100, 100]);
    expect(await pageCount(await doc.save())).toBe(12);
  });
});

describe('renderAndStore', () => {
  let dir: string;
  let store: FsBlobStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signet-render-'));
    store = new FsBlobStore(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders into the blob store once and serves the stored image afterwards', async () => {
    const { sha256 } = await store.put(pdf, { contentType: 'application/pdf' });
    expect(await getStoredRender(store, sha256, 1, 200)).toBeNull();

    const key = await renderAndStore(store, sha256, 1, 200);
    expect(key).toBe(`render/${sha256}/1@200.png`);
    expect(key).toBe(renderKey(sha256, 1, 200));
    const stored = await getStoredRender(store, sha256, 1, 200);
    const img = await decode(stored as Uint8Array);
    expect([img.width, img.height]).toEqual([400, 200]);
    expect(img.at(80, 130)).toEqual(RED);

    // Idempotent, and really from the store: without the PDF it could not render again.
    await store.delete(sha256);
    clearDocumentCache();
    expect(await renderAndStore(store, sha256, 1, 200)).toBe(key);
    expect(
      Buffer.from((await store.get(key)) as Uint8Array).equals(Buffer.from(stored as Uint8Array)),
    ).toBe(true);
    // A page never rendered needs the PDF.
    await expect(renderAndStore(store, sha256, 2, 200)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('shares one render between concurrent calls for the same image', async () => {
    const { sha256 } = await store.put(await makePdf('concurrency test'));
    clearDocumentCache();
    const before = documentCacheStats();
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => renderAndStore(store, sha256, 2)),
    );
    expect(new Set(keys)).toEqual(new Set([renderKey(sha256, 2, 100)]));
    const after = documentCacheStats();
    expect(after.misses + after.hits - before.misses - before.hits).toBe(1);
  });

  it('rejects a page the PDF does not have and stores nothing', async () => {
    const { sha256 } = await store.put(pdf);
    await expect(renderAndStore(store, sha256, 7)).rejects.toBeInstanceOf(PageOutOfRangeError);
    expect(await store.has(renderKey(sha256, 7, 100))).toBe(false);
    await expect(renderAndStore(store, sha256, 1, 5)).rejects.toBeInstanceOf(InvalidScaleError);
    expect(sha256).toBe(sha256Hex(pdf));
  });
});
