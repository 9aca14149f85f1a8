import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../storage/blob-store.ts';
import { decodePng } from '../testing/png-pixels.ts';
import { PageOutOfRangeError, PageTooLargeError } from './errors.ts';
import { makeGiantImagePdf } from './make-hostile-pdf.ts';
import { cachedDocuments, forgetDocuments, hasDocument, renderPage } from './render-page.ts';
import { qpdf } from './world-pdfs.ts';

/**
 * The renderer as a worker runs it (here in the test's own process): pixels where the PDF puts
 * them, the stored scales only, typed errors, parsed documents kept for the next page.
 */

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
  doc.setTitle(title);
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
let sha: string;
const draw = async (bytes: Uint8Array, page: number, scale = 100) =>
  decodePng((await renderPage(sha256Hex(bytes), async () => bytes, page, scale)).png);

beforeAll(async () => {
  pdf = await makePdf();
  sha = sha256Hex(pdf);
});

describe('renderPage', () => {
  it('draws page 1 at 100 %: one pixel per point, the red box where the PDF puts it', async () => {
    const img = await draw(pdf, 1);
    expect([img.width, img.height]).toEqual([200, 100]);
    // PDF (40, 35) is the middle of the box; images count y from the top: 100 - 35 = 65.
    expect(img.at(40, 65)).toEqual(RED);
    expect(img.at(21, 79)).toEqual(RED);
    expect(img.at(18, 65)).toEqual(WHITE);
    expect(img.at(40, 82)).toEqual(WHITE);
    expect(img.at(190, 5)).toEqual(WHITE);
  });

  it('draws the text with the standard font data', async () => {
    const img = await draw(pdf, 1);
    let ink = 0;
    for (let y = 40; y < 66; y++) {
      for (let x = 98; x < 180; x++) if ((img.at(x, y)[0] ?? 255) < 100) ink++;
    }
    expect(ink).toBeGreaterThan(150);
    let stray = 0;
    for (let y = 0; y < 30; y++)
      for (let x = 70; x < 200; x++) if ((img.at(x, y)[0] ?? 0) < 200) stray++;
    expect(stray).toBe(0);
  });

  it('draws at 200 % twice the size, and at 50 % half', async () => {
    const big = await draw(pdf, 1, 200);
    expect([big.width, big.height]).toEqual([400, 200]);
    expect(big.at(80, 130)).toEqual(RED);
    expect(big.at(36, 130)).toEqual(WHITE);
    const small = await draw(pdf, 1, 50);
    expect([small.width, small.height]).toEqual([100, 50]);
  });

  it('draws the other pages with their own size, colours and rotation', async () => {
    const p2 = await draw(pdf, 2);
    expect([p2.width, p2.height]).toEqual([300, 150]);
    expect(p2.at(15, 135)).toEqual(BLUE);
    expect(p2.at(45, 135)).toEqual(WHITE);
    const p3 = await draw(pdf, 3);
    expect([p3.width, p3.height]).toEqual([200, 100]);
    expect(p3.at(10, 10)).toEqual(RED);
    expect(p3.at(190, 90)).toEqual(WHITE);
  });

  it('parses a document once and keeps it for the next page: its bytes are not asked again', async () => {
    forgetDocuments();
    const other = await makePdf('cache test');
    const key = sha256Hex(other);
    let asked = 0;
    const bytes = async () => {
      asked++;
      return other;
    };
    await renderPage(key, bytes, 1, 100);
    await renderPage(key, bytes, 2, 100);
    expect(asked).toBe(1);
    expect(hasDocument(key)).toBe(true);
    forgetDocuments();
    expect(cachedDocuments()).toEqual([]);
  });

  it('keeps at most 8 documents, without destroying one that is still being drawn', async () => {
    forgetDocuments();
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf(`lru ${i}`)));
    const images = await Promise.all(pdfs.map((b) => draw(b, 2)));
    for (const img of images) expect(img.at(15, 135)).toEqual(BLUE);
    expect(cachedDocuments()).toHaveLength(8);
    expect(hasDocument(sha256Hex(pdfs[9] as Uint8Array))).toBe(true);
    expect(hasDocument(sha256Hex(pdfs[0] as Uint8Array))).toBe(false);
  });

  it('refuses pages that do not exist and scales that are not stored ones', async () => {
    for (const page of [4, 99]) {
      const e = await renderPage(sha, async () => pdf, page, 100).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PageOutOfRangeError);
      expect(e).toMatchObject({
        status: 404,
        code: 'PAGE_NOT_FOUND',
        details: { page, pageCount: 3 },
      });
    }
    for (const [page, scale] of [
      [0, 100],
      [1.5, 100],
      [1, 10],
      [1, 120],
      [1, 400],
    ] as const) {
      await expect(renderPage(sha, async () => pdf, page, scale)).rejects.toMatchObject({
        status: 400,
      });
    }
  });

  it('refuses a page too large to draw, naming the largest scale that fits', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([14_000, 14_000]);
    const huge = await doc.save();
    const e = await renderPage(sha256Hex(huge), async () => huge, 1, 100).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PageTooLargeError);
    expect(e).toMatchObject({ status: 422, code: 'PAGE_TOO_LARGE', details: { maxScale: 28 } });
  });

  it('answers 422 for bytes that are not a PDF, and does not keep the failure', async () => {
    const junk = new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf');
    for (let i = 0; i < 2; i++) {
      const e = await renderPage(sha256Hex(junk), async () => junk, 1, 100).catch(
        (x: unknown) => x,
      );
      expect(e).toMatchObject({ status: 422, code: 'PDF_UNREADABLE' });
      expect((e as { details?: unknown }).details).toBeUndefined();
    }
    expect(hasDocument(sha256Hex(junk))).toBe(false);
  });

  it('refuses a PDF that needs a password with PDF_ENCRYPTED', async () => {
    const locked = qpdf(pdf, ['--encrypt', 'secret', 'owner', '256', '--']);
    const e = await renderPage(sha256Hex(locked), async () => locked, 1, 100).catch(
      (x: unknown) => x,
    );
    expect(e).toMatchObject({ status: 422, code: 'PDF_ENCRYPTED' });
  });

  it('skips an image over the pixel limit instead of decoding it', async () => {
    const giant = makeGiantImagePdf();
    const started = performance.now();
    const img = await draw(giant, 1);
    expect([img.width, img.height]).toEqual([595, 842]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
