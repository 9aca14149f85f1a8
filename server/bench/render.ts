/**
 * Page-image benchmark: `node bench/render.ts [--runs N] [--s3] [--strict]`.
 *
 * 1. First page image of a ~1 MB multi-page PDF, parse included (pdfjs module warm, document
 *    not cached): budget 150 ms median.
 * 2. Serving a page image already in the blob store: budget 10 ms median.
 * Also shown: the next page of a cached document, a whole render job (renderAndStore: PDF read
 * from the store, parse, render, PNG written atomically) and, with --s3, serving from a local
 * s3rver. Wall-clock median/p95 plus the median process CPU time (less sensitive to a busy
 * machine). --strict (or BENCH_STRICT=1) exits 1 when a budget is missed; writes
 * bench-results/render.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import {
  clearDocumentCache,
  getStoredRender,
  loadPdfJs,
  renderAndStore,
  renderPage,
  warmUpRenderer,
} from '../src/pdf/render.ts';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';
import { S3BlobStore } from '../src/storage/s3-blob-store.ts';
import { startS3TestServer } from '../src/storage/s3-test-server.ts';
import { report } from './report.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 30;
if (args.includes('--strict')) process.env.BENCH_STRICT = '1';

type Result = { name: string; median: number; p95: number; cpu: number; budget?: number };
const results: Result[] = [];

async function measure(
  name: string,
  n: number,
  fn: () => Promise<unknown>,
  before?: () => void | Promise<void>,
  budget?: number,
): Promise<void> {
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < n; i++) {
    await before?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const pick = (q: number) =>
    times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  const r: Result = {
    name,
    median: pick(0.5),
    p95: pick(0.95),
    cpu: cpus[Math.floor(cpus.length / 2)] ?? 0,
    ...(budget ? { budget } : {}),
  };
  results.push(r);
  const verdict = budget
    ? r.median <= budget
      ? `  ok (budget ${budget} ms)`
      : `  OVER BUDGET (${budget} ms)`
    : '';
  console.log(
    `${name.padEnd(58)} median ${r.median.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  cpu ${r.cpu.toFixed(1).padStart(6)} ms  (n=${n})${verdict}`,
  );
}

/** xorshift32 noise: an image that does not compress, to reach a realistic file size. */
function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A contract-like PDF: 12 A4 pages of text, each with a photo-sized image, about 1 MB. */
async function makeBenchPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = 12;
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Service agreement — page ${n} of ${pages}`, {
      x: 50,
      y: 790,
      size: 16,
      font: bold,
    });
    for (let line = 0; line < 38; line++) {
      page.drawText(
        `${n}.${line + 1} The parties agree to the terms set out in this clause and its annexes.`,
        { x: 50, y: 760 - line * 14, size: 10, font },
      );
    }
    page.drawRectangle({
      x: 50,
      y: 60,
      width: 200,
      height: 60,
      borderColor: rgb(0, 0, 0),
      borderWidth: 1,
    });
    const w = 160;
    const h = 170;
    const image = doc.context.register(
      doc.context.stream(noise(w * h * 3, n * 7919), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: w,
        Height: h,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Im', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(w, 0, 0, h, 380, 60),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}

const tStart = performance.now();
await loadPdfJs();
const importMs = performance.now() - tStart;
await warmUpRenderer();
const warmMs = performance.now() - tStart;

const pdf = await makeBenchPdf();
console.log(
  `PDF: ${(pdf.byteLength / 1024 / 1024).toFixed(2)} MB, 12 pages. At start: pdfjs import ${importMs.toFixed(0)} ms, warmUpRenderer total ${warmMs.toFixed(0)} ms (once per process)`,
);

const tFirst = performance.now();
await renderPage(pdf, 1, 100);
console.log(
  'first render of this PDF after warm-up'.padEnd(58),
  `${(performance.now() - tFirst).toFixed(1)} ms`,
);

await measure(
  'page 1 at 100 %, parse included (document not cached)',
  runs,
  () => renderPage(pdf, 1, 100),
  () => clearDocumentCache(),
  150,
);
let next = 2;
await renderPage(pdf, 1, 100);
await measure('next page at 100 %, document cached', Math.min(runs, 11), () =>
  renderPage(pdf, next++, 100),
);
await measure(
  'page 1 at 200 %, parse included',
  Math.max(5, Math.floor(runs / 2)),
  () => renderPage(pdf, 1, 200),
  () => clearDocumentCache(),
);

const dir = await mkdtemp(join(tmpdir(), 'signet-bench-render-'));
try {
  const store = new FsBlobStore(dir);
  const { sha256 } = await store.put(pdf, { contentType: 'application/pdf' });
  let page = 1;
  await measure(
    'render job (renderAndStore, fs): read, parse, render, store',
    12,
    () => renderAndStore(store, sha256, page++, 100),
    () => clearDocumentCache(),
  );
  await measure(
    'serve a stored page image (fs blob store)',
    Math.max(200, runs),
    async () => {
      const png = await getStoredRender(store, sha256, 1, 100);
      if (!png) throw new Error('render missing');
    },
    undefined,
    10,
  );

  if (args.includes('--s3')) {
    const server = await startS3TestServer();
    const s3 = new S3BlobStore(server.settings);
    try {
      await s3.ensureBucket();
      await s3.put(pdf, { contentType: 'application/pdf' });
      await renderAndStore(s3, sha256, 1, 100);
      await measure('serve a stored page image (S3 store on local s3rver)', 100, async () => {
        const png = await getStoredRender(s3, sha256, 1, 100);
        if (!png) throw new Error('render missing');
      });
    } finally {
      s3.close();
      await server.close();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

report(
  'render',
  results
    .filter((r) => r.budget !== undefined)
    .map((r) => ({
      name: `render: ${r.name} (median)`,
      budget: `≤ ${r.budget} ms`,
      value: `${r.median.toFixed(1)} ms`,
      ok: r.median <= (r.budget as number),
    })),
  results,
);
