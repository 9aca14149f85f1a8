/**
 * Direct signing without an account: a business creates a request through the API with a
 * direct signer; the signer opens the link in a fresh browser (no account, no cookies), reads
 * the document, gets the code from the mail sink, signs, sees the countdown and lands on the
 * business's exit page (a tiny local server of this spec) with its query. pdfsig validates the
 * signature and the protocol names the signer. The same in Italian; a decline with the
 * decline-redirect flag lands on the decline page; five wrong codes show the locked overlay.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Account, hydrated, watchCsp } from '../support/app.ts';
import { seriousViolations } from '../support/axe.ts';
import { askForCode, codeFrom, dx, enterCode, openLink, sendDirect } from '../support/direct.ts';
import {
  firstPageShown,
  pdfSignatures,
  pdfText,
  personContext,
  renderedMail,
} from '../support/requests.ts';

/** The business's own site: records what it was sent to. */
let shop: Server;
let shopUrl: string;
const visits: string[] = [];

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    visits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Shop</title><h1 id="shop">Back at the shop</h1><p id="query">${req.url}</p>`,
    );
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

async function download(request: APIRequestContext, owner: Account, path: string, file: string) {
  const get = () => request.get(path, { headers: { authorization: `Bearer ${owner.token}` } });
  let res = await get();
  // The protocol is built right after the last signature (503 PROTOCOL_PENDING meanwhile, after
  // the server waited 2 s for it): ask again as a client would, up to a ceiling.
  await expect
    .poll(
      async () => {
        if (res.status() === 503) res = await get();
        return res.status();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(200);
  const out = test.info().outputPath(file);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(out, await res.body());
  return out;
}

for (const lang of ['en-gb', 'it'] as const) {
  test(`a direct signer signs with a code from the mail and lands on the exit page (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const code = lang === 'it' ? 'it' : 'en';
    const title = `Service contract ${Date.now().toString(36)}`;
    const exitUrl = `${shopUrl}/done?order=4711&lang=${code}`;
    const created = await sendDirect(request, {
      lang: code,
      title,
      exit: { exitUrl, timeout: 10 },
    });

    // A fresh browser: no account, no cookies.
    const context = await personContext(browser, baseURL);
    expect(await context.cookies()).toEqual([]);
    const page = await context.newPage();
    const violations = await watchCsp(page);
    await openLink(page, created.url);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('direct-sender')).toHaveText(
      dx('view.sentBy', lang, { sender: 'Aurora Insurance Ltd' }),
    );
    await expect(page.locator('h1#page-heading')).toHaveText(title);

    await askForCode(page, lang);
    expect(await violations(), 'CSP violations on the direct view').toEqual([]);
    const mail = await renderedMail(request, created.signer, 'direct-tan');
    expect(mail.subject).toBe(dx('direct-tan.subject', lang, { title }, 'email'));
    await enterCode(page, lang, await codeFrom(request, created.signer));

    await expect(page).toHaveURL((u) => u.pathname === '/signed', { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dx('signed.title', lang));
    expect(await violations(), 'CSP violations on /signed').toEqual([]);
    // A visible countdown, once a second, to the shop.
    const countdown = page.getByTestId('exit-countdown');
    await expect(countdown.locator('[role=timer]')).toContainText(new URL(shopUrl).host);
    const first = await countdown.locator('[role=timer]').textContent();
    await expect(countdown.locator('[role=timer]')).not.toHaveText(first as string, {
      timeout: 3_000,
    });
    // The countdown runs out and the signer is at the shop, with the shop's own query.
    await expect(page.locator('#shop')).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).href).toBe(exitUrl);
    expect(visits).toContain(`/done?order=4711&lang=${code}`);
    await context.close();

    // pdfsig validates the signature; the protocol names the direct signer.
    const status = await request.get(`/api/v3/signature-requests/${created.id}`, {
      headers: { authorization: `Bearer ${created.owner.token}` },
    });
    const body = (await status.json()) as { status_overall: string; documents: { id: string }[] };
    expect(body.status_overall).toBe('SIGNED');
    const signed = await download(
      request,
      created.owner,
      `/api/v3/documents/${body.documents[0]?.id}/download`,
      `signed-${lang}.pdf`,
    );
    // The direct signer's signature, then the document time stamp of the B-LTA seal.
    const signatures = pdfSignatures(signed);
    expect(signatures).toHaveLength(2);
    expect(signatures[0]?.valid).toBe(true);
    expect(signatures.map((s) => s.totalDocument)).toEqual([false, true]);
    const protocol = pdfText(
      await download(
        request,
        created.owner,
        `/api/v3/signature-requests/${created.id}/report?type=pdf`,
        `protocol-${lang}.pdf`,
      ),
    );
    expect(protocol).toContain('Giulia Rossi');
    expect(protocol).toContain(created.signer);
  });
}

test('declining with the decline-redirect flag lands on the decline URL', async ({
  browser,
  request,
  baseURL,
}) => {
  const created = await sendDirect(request, {
    lang: 'en',
    title: `Offer ${Date.now().toString(36)}`,
    exit: {
      exitUrl: `${shopUrl}/done`,
      declineUrl: `${shopUrl}/declined?order=99`,
      declineRedirect: true,
      timeout: 0,
    },
  });
  const context = await personContext(browser, baseURL);
  const page = await context.newPage();
  await openLink(page, created.url);
  await page.getByRole('button', { name: dx('action.decline'), exact: true }).click();
  const dialog = page.locator('[data-dialog="general/decline"]');
  await dialog
    .getByLabel(dx('dialog.decline.reason', 'en-gb', {}, 'requests'), { exact: false })
    .fill('Not this year');
  await dialog
    .getByRole('button', {
      name: dx('dialog.decline.confirm', 'en-gb', {}, 'requests'),
      exact: true,
    })
    .click();
  // Timeout 0: straight on to the decline URL.
  await expect(page.locator('#shop')).toBeVisible({ timeout: 20_000 });
  expect(page.url()).toBe(`${shopUrl}/declined?order=99`);
  const notice = await renderedMail(request, created.owner.email, 'request-declined');
  expect(notice.text).toContain('Not this year');
  await context.close();
});

test('five wrong codes show the locked overlay', async ({ browser, request, baseURL }) => {
  const created = await sendDirect(request, {
    lang: 'en',
    title: `Lease ${Date.now().toString(36)}`,
    exit: { exitUrl: `${shopUrl}/done` },
  });
  const context = await personContext(browser, baseURL);
  const page = await context.newPage();
  await openLink(page, created.url);
  await askForCode(page, 'en-gb');
  const right = await codeFrom(request, created.signer);
  const wrong = right === '000000' ? '111111' : '000000';
  for (let i = 1; i <= 5; i++) {
    await enterCode(page, 'en-gb', wrong);
    if (i === 5) break;
    const invalid = page.locator('[data-overlay="tan-invalid"]');
    await expect(invalid).toContainText(dx('overlay.tanInvalid.body', 'en-gb', { count: 5 - i }));
    await invalid.getByRole('button', { name: dx('overlay.tanInvalid.again') }).click();
  }
  const locked = page.locator('[data-overlay="tan-locked"]');
  await expect(locked).toBeVisible();
  await expect(locked.getByRole('heading', { level: 1 })).toHaveText(dx('overlay.tanLocked.title'));
  await expect(locked).toContainText(dx('overlay.tanLocked.body', 'en-gb', { minutes: 15 }));
  await context.close();
});

test('while page 2 is still being drawn, the viewer asks again only as Retry-After says', async ({
  browser,
  request,
  baseURL,
}) => {
  const created = await sendDirect(request, {
    lang: 'en',
    title: `Pending page ${Date.now().toString(36)}`,
    exit: { exitUrl: `${shopUrl}/done` },
  });
  const context = await personContext(browser, baseURL);
  const page = await context.newPage();
  // Page 2's render is pending (the server's 503 RENDERING with Retry-After 1, as
  // pageImageResponse answers it) until the viewer is open and 2.5 s more; then the real
  // server answers.
  const pageTwo = /\/documents\/[^/]+\/pages\/2\?/;
  const asked: { at: number; url: string }[] = [];
  let aborted = 0;
  let pendingUntil = Number.POSITIVE_INFINITY;
  page.on('request', (r) => {
    if (pageTwo.test(r.url())) asked.push({ at: Date.now(), url: r.url() });
  });
  page.on('requestfailed', (r) => {
    if (pageTwo.test(r.url())) aborted++;
  });
  await page.route(pageTwo, (route) => {
    if (Date.now() >= pendingUntil) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
      contentType: 'application/json',
      body: JSON.stringify({ code: 'RENDERING', message: 'Rendering', details: { retryAfter: 1 } }),
    });
  });
  await openLink(page, created.url);
  const second = page.locator('.dv-page').nth(1);
  await second.scrollIntoViewIfNeeded();
  // Pending for 2.5 s more, then drawn.
  pendingUntil = Date.now() + 2_500;
  await expect
    .poll(() =>
      second
        .locator('img')
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)
        .catch(() => 0),
    )
    .toBeGreaterThan(0);
  // One image URL (page and scale) is asked for by the plain image and then by the retries;
  // after that, only as Retry-After (1 s) says — never the storm of a re-render loop.
  const byUrl = Map.groupBy(asked, (a) => a.url.replace(/token=[^&]*/, ''));
  for (const [url, asks] of byUrl) {
    for (let i = 2; i < asks.length; i++) {
      const gap = (asks[i]?.at ?? 0) - (asks[i - 1]?.at ?? 0);
      expect(gap, `${url}: ask ${i + 1} of ${asks.length}`).toBeGreaterThanOrEqual(900);
    }
  }
  expect(aborted, `${aborted} of ${asked.length} asks aborted`).toBeLessThanOrEqual(8);
  // Shown images are not asked for again when the page re-renders (scrolling back and forth).
  const settled = asked.length;
  await page.locator('.dv-page').first().scrollIntoViewIfNeeded();
  await second.scrollIntoViewIfNeeded();
  await expect(second.locator('img')).toBeVisible();
  expect(asked.length).toBeLessThanOrEqual(settled + 2);
  await context.close();
});

// One test per language, so the two workers share the walk.
for (const code of ['en', 'de', 'fr', 'it'] as const) {
  test(`the direct pages pass axe at 390 and 1280 px, and nothing scrolls sideways (${code})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const created = await sendDirect(request, {
      lang: 'en',
      title: `Accessibility ${Date.now().toString(36)}`,
      exit: { exitUrl: `${shopUrl}/done`, timeout: 90 },
    });
    const link = new URL(created.url, 'http://x');
    link.searchParams.set('lang', code);
    for (const width of [390, 1280]) {
      const context = await personContext(browser, baseURL);
      const page = await context.newPage();
      const violations = await watchCsp(page);
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        `${link.pathname}${link.search}`,
        `/signed?exitURL=${encodeURIComponent(`${shopUrl}/done`)}&redirectTimeout=90&via=direct&lang=${code}`,
      ]) {
        await page.goto(path);
        await hydrated(page);
        // Judged as a user sees it: with the page drawn, not while its image is on the way.
        if (path.startsWith('/view/')) await firstPageShown(page);
        expect(
          await seriousViolations(page, ['wcag2a', 'wcag2aa']),
          `${path} at ${width}px`,
        ).toEqual([]);
        const sideways = await page.evaluate(
          'document.documentElement.scrollWidth > window.innerWidth',
        );
        expect(sideways, `${path} at ${width}px scrolls sideways`).toBe(false);
        expect(await violations(), `CSP violations on ${path}`).toEqual([]);
      }
      await context.close();
    }
  });
}
