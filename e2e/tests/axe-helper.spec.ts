/**
 * The accessibility helper the page walks rely on (support/axe.ts) finds what it should: on a
 * page with known faults it names each serious or critical one, in a same-origin frame too, and
 * keeps to the tags it is given. A helper that always answered [] would pass every walk.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations, WCAG_AA } from '../support/axe.ts';

const PAGE = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
  <h1>Faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
  <p id="faint" style="color:#bbb;background:#fff">Hardly readable</p>
  <iframe title="inner" src="/axe-faults/frame"></iframe>
</main></body></html>`;
const FRAME = `<!doctype html><html lang="en"><head><title>Inner</title></head><body>
  <button id="empty"></button></body></html>`;

test('the axe helper names serious and critical violations, in frames too', async ({ page }) => {
  // Pages of the server's origin that the browser gets from the test, not from the server.
  await page.route('**/axe-faults/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('/frame') ? FRAME : PAGE,
    }),
  );
  await page.goto('/axe-faults/page');
  await expect(page.frameLocator('iframe').locator('#empty')).toHaveCount(1);
  expect((await seriousViolations(page, WCAG_AA)).sort()).toEqual([
    'button-name: iframe #empty',
    'color-contrast: #faint',
    'image-alt: #no-alt',
  ]);
  // The tags given are the rules run: contrast is AA, not A.
  expect((await seriousViolations(page, ['wcag2a'])).sort()).toEqual([
    'button-name: iframe #empty',
    'image-alt: #no-alt',
  ]);
});
