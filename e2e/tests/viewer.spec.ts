/**
 * The document viewer (site/src/components/viewer), here on the upload page before sending: a
 * 425-page PDF, page 17 reached by typing 17, its image sharp on a screen with two device pixels
 * per CSS pixel, the keys moving on from there, and zoom.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createAccount, hydrated, signInWithCookie } from '../support/app.ts';
import { rqText } from '../support/requests.ts';

const PAGES = 425;

/** What the test reads of an image element (the e2e project has no DOM types). */
type ImageLike = { complete: boolean; naturalWidth: number; clientWidth: number };

async function writeLongPdf(path: string): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Page ${n} of ${PAGES}`, { x: 72, y: 760, size: 18, font });
  }
  writeFileSync(path, await pdf.save());
}

test('page 17 of a 425-page PDF is one typed number away, and sharp at DPR 2', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const pdf = test.info().outputPath('long.pdf');
  await writeLongPdf(pdf);
  const account = await createAccount(request, 'viewer');
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 2,
  });
  await signInWithCookie(context, baseURL, account.token);
  const page = await context.newPage();
  await page.goto('/upload');
  await hydrated(page);
  await page.getByLabel(rqText('upload.choose')).setInputFiles(pdf);
  await expect(page.getByTestId('upload-file')).toContainText(
    rqText('upload.done', { pages: PAGES }),
    { timeout: 30_000 },
  );

  await page.getByRole('button', { name: rqText('upload.showPreview') }).click();
  const viewer = page.getByTestId('document-viewer');
  await expect(viewer).toContainText(rqText('viewer.pageOf', { count: PAGES }));
  const input = viewer.getByLabel(rqText('viewer.pageInput', { count: PAGES }));
  await input.fill('17');
  await input.press('Enter');
  await expect(viewer).toHaveAttribute('data-current-page', '17');
  // Enter in the viewer did not send the form around it.
  await expect(page).toHaveURL(/\/upload$/);

  const image = viewer.locator('[data-page="17"] .dv-page img');
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect(image).toHaveAttribute('alt', /17/);
  // The image has at least two of its pixels per CSS pixel it is shown at (fit width: wide).
  const sizes = () =>
    image.evaluate((el) => {
      const img = el as unknown as ImageLike;
      return { natural: img.complete ? img.naturalWidth : 0, shown: img.clientWidth };
    });
  await expect.poll(async () => (await sizes()).natural).toBeGreaterThan(0);
  const { natural, shown } = await sizes();
  expect(shown).toBeGreaterThan(500);
  expect(natural).toBeGreaterThanOrEqual(shown * 2);

  // The keys: → goes on, ← back, Home to the first page.
  await viewer.locator('[data-page="17"]').press('ArrowRight');
  await expect(viewer).toHaveAttribute('data-current-page', '18');
  await viewer.locator('[data-page="18"]').press('ArrowLeft');
  await expect(viewer).toHaveAttribute('data-current-page', '17');
  await viewer.locator('[data-page="17"]').press('Home');
  await expect(viewer).toHaveAttribute('data-current-page', '1');
  await expect(input).toHaveValue('1');

  // Zoom 200 %: two CSS pixels per point (the page's size in points is learned from its image,
  // whose pixels are whole: allow two).
  await viewer.getByRole('button', { name: rqText('viewer.percent', { percent: 200 }) }).click();
  const first = viewer.locator('[data-page="1"] .dv-page');
  await expect
    .poll(() => first.evaluate((el) => Math.abs(el.getBoundingClientRect().width - 595.28 * 2)))
    .toBeLessThanOrEqual(2);
  await context.close();
});
