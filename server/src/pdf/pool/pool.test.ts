import { afterEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../storage/blob-store.ts';
import { makeInflateBombPdf, makeOperatorBombPdf } from '../make-hostile-pdf.ts';
import { makeTestPdf } from '../make-test-pdf.ts';
import { PdfPool } from './pool.ts';

/**
 * The pool with its real worker processes and real hostile PDFs: a job over its time or memory
 * limit fails with a 422 and the pool goes on; the queue is bounded; waiting users go first.
 */

const options = { maxPages: 500, allowActiveContent: false };
let pool: PdfPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('PdfPool', () => {
  it('checks and draws in workers, and sends a document once to the worker that holds it', async () => {
    pool = new PdfPool({ size: 1 });
    const pdf = await makeTestPdf({ pages: 3 });
    const sha256 = sha256Hex(pdf);
    const info = await pool.run('preflight', { source: { sha256, bytes: pdf }, options });
    expect(info).toMatchObject({ pages: 3, title: 'Signet test document' });
    let loads = 0;
    const source = async () => {
      loads++;
      return { bytes: pdf };
    };
    for (const page of [1, 2, 3]) {
      const out = await pool.run('render', { source: { sha256 }, page, scale: 50 }, { source });
      expect([out.width, out.height]).toEqual([298, 421]);
      expect(out.png.byteLength).toBeGreaterThan(1000);
    }
    expect(loads).toBe(1);
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, started: 1 });
  });

  it('stops a job over its time limit with PDF_TOO_COMPLEX, and the next job runs', async () => {
    pool = new PdfPool({ size: 1, timeouts: { render: 1_000 } });
    const pdf = await makeTestPdf();
    // A started worker with pdfjs loaded, so the clock below measures the job, not a start.
    await pool.run('render', { source: { sha256: 'warm', bytes: pdf }, page: 1, scale: 50 });
    const bomb = makeOperatorBombPdf(); // drawing two million strokes takes far longer
    const started = performance.now();
    const e = await pool
      .run('render', { source: { sha256: 'ops', bytes: bomb }, page: 1, scale: 100 })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'PDF_TOO_COMPLEX', status: 422, details: { limit: 'time' } });
    expect(performance.now() - started).toBeLessThan(4_000);
    const info = await pool.run('preflight', { source: { sha256: 'ok', bytes: pdf }, options });
    expect(info.pages).toBe(1);
    expect(pool.stats().started).toBe(2);
  });

  it('stops a worker past its memory limit with PDF_TOO_COMPLEX', async () => {
    pool = new PdfPool({ size: 1, memoryMb: 256 });
    const bomb = makeInflateBombPdf(); // pdfjs inflates the 2 GiB content stream
    const e = await pool
      .run('render', { source: { sha256: 'zip', bytes: bomb }, page: 1, scale: 100 })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'PDF_TOO_COMPLEX', status: 422, details: { limit: 'memory' } });
  });

  it('refuses at once with 503 SERVER_BUSY when the queue is full', async () => {
    pool = new PdfPool({ size: 1, queueLimit: 1, timeouts: { render: 1_500 } });
    const bomb = makeOperatorBombPdf();
    const pdf = await makeTestPdf();
    const busy = pool
      .run('render', { source: { sha256: 'ops', bytes: bomb }, page: 1, scale: 100 })
      .catch((x: unknown) => x);
    const queued = pool.run('preflight', { source: { sha256: 'a', bytes: pdf }, options });
    const started = performance.now();
    const refused = await pool
      .run('preflight', { source: { sha256: 'b', bytes: pdf }, options })
      .catch((x: unknown) => x);
    expect(performance.now() - started).toBeLessThan(100);
    expect(refused).toMatchObject({
      code: 'SERVER_BUSY',
      status: 503,
      headers: { 'Retry-After': '2' },
    });
    expect((await queued).pages).toBe(1);
    expect(await busy).toMatchObject({ code: 'PDF_TOO_COMPLEX' });
  });

  it('runs jobs someone waits for before background ones', async () => {
    pool = new PdfPool({ size: 1, timeouts: { render: 1_000 } });
    const pdf = await makeTestPdf();
    const done: string[] = [];
    const blocker = pool
      .run('render', {
        source: { sha256: 'ops', bytes: makeOperatorBombPdf() },
        page: 1,
        scale: 100,
      })
      .catch(() => done.push('blocker'));
    const background = pool
      .run(
        'preflight',
        { source: { sha256: 'bg', bytes: pdf }, options },
        { priority: 'background' },
      )
      .then(() => done.push('background'));
    const interactive = pool
      .run('preflight', { source: { sha256: 'fg', bytes: pdf }, options })
      .then(() => done.push('interactive'));
    await Promise.all([blocker, background, interactive]);
    expect(done).toEqual(['blocker', 'interactive', 'background']);
  });

  it('lets idle workers go', async () => {
    pool = new PdfPool({ size: 2, idleMs: 200 });
    const pdf = await makeTestPdf();
    await Promise.all([
      pool.run('preflight', { source: { sha256: 'a', bytes: pdf }, options }),
      pool.run('preflight', { source: { sha256: 'b', bytes: pdf }, options }),
    ]);
    expect(pool.stats().started).toBe(2);
    // Each leaves 200 ms after its last job.
    for (let i = 0; i < 50 && pool.stats().workers > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(pool.stats().workers).toBe(0);
  });
});
