/**
 * Direct-view benchmark (`pnpm --filter @signet/e2e bench`, also run by server/bench/run.ts):
 * the time from opening a direct signer's link in a fresh browser (no cache, no cookies) to the
 * first page image of the document being on screen, measured in the page (navigation start →
 * the image decoded), median of 5 links; budget ≤ 1 s.
 *
 * The server is the real one (`node server/src/main.ts`, PGlite in a temp DATA_DIR, the built
 * site: run `pnpm build` first). The document is a three-page contract printed to PDF by
 * Chromium, uploaded and sent through the API like a business would; the signer opens the link
 * a little later, after the server rendered the first page in the background as it does for
 * every upload. Writes bench-results/direct.json.
 */
import { chromium } from 'playwright-core';
import { median, report } from '../../server/bench/report.ts';
import { benchServer, chromiumArgs } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 1000;

/** A three-page contract as Chromium prints it. */
async function contractPdf(): Promise<Buffer> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const page = await browser.newPage();
  const clause =
    '<h2>Article</h2><p>The provider delivers the services of annex A with due care. The customer pays within 30 days of the invoice. Swiss law applies; the courts of Lugano have jurisdiction.</p>';
  await page.setContent(
    `<html><body style="font-family:serif;margin:2cm"><h1>Service contract</h1>${clause.repeat(22)}</body></html>`,
  );
  const pdf = await page.pdf({ format: 'A4' });
  await browser.close();
  return pdf;
}

const server = await benchServer('direct', Number(process.env.BENCH_PORT ?? 3791));
const { json } = server;
try {
  const token = await server.account();
  const pdf = await contractPdf();
  const links: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const doc = await json<{ id: string }>(
      'POST',
      '/api/v3/documents',
      { title: `Service contract ${i + 1}`, content: pdf.toString('base64') },
      token,
    );
    const created = await json<{ id: string }>(
      'POST',
      '/api/v3/signature-requests',
      {
        title: `Service contract ${i + 1}`,
        documents: [{ document_id: doc.id }],
        direct_sign: true,
        signatures: [
          { signer_identity_data: { email_address: `signer${i}@example.ch` }, direct: true },
        ],
      },
      token,
    );
    const sent = await json<{ signatures: { signing_url: string }[] }>(
      'POST',
      `/api/v3/signature-requests/${created.id}/initiate`,
      undefined,
      token,
    );
    links.push(sent.signatures[0]?.signing_url as string);
  }
  // The signer opens the link later than the upload: the first page is rendered by then.
  await new Promise((r) => setTimeout(r, 3000));

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const times: number[] = [];
  for (const link of links) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(link, { waitUntil: 'commit' });
    // Evaluated in the page (a string: this package is not compiled against the DOM).
    const ms = await page.waitForFunction(
      `(() => {
        const img = document.querySelector('.dv-page img');
        return img && img.complete && img.naturalWidth > 0 ? performance.now() : null;
      })()`,
      undefined,
      { polling: 'raf', timeout: 20_000 },
    );
    times.push(Number(await ms.jsonValue()));
    await context.close();
  }
  await browser.close();
  const value = median(times);
  console.log(
    `first page image after the link opens: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  report(
    'direct',
    [
      {
        name: `direct view: first page image on screen after the link opens (median of ${RUNS})`,
        budget: `≤ ${BUDGET_MS} ms`,
        value: `${value.toFixed(0)} ms`,
        ok: value <= BUDGET_MS,
      },
    ],
    { times },
  );
} finally {
  await server.stop();
}
