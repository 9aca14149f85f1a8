/**
 * What the trust specs need: the texts of the `trust` namespace, requests made through the API
 * (a PDF, signers with the standard the request asks of them), the sandbox identification as a
 * tester goes through it, and poppler's view of where things are on a page.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { api, apiPath, hydrated } from './app.ts';
import { renderedMail } from './requests.ts';

export { sendRequest } from './requests.ts';

let messages: Record<string, string> | undefined;

/** A text of `locales/en-gb/trust.json` with `{name}` filled in. */
export function trustText(key: string, vars: Record<string, string | number> = {}): string {
  messages ??= JSON.parse(
    readFileSync(new URL('../../locales/en-gb/trust.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const message = messages[key];
  if (message === undefined) throw new Error(`No text ${key} in en-gb/trust`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** The document's current (signed) version through the API. */
export async function downloadPdf(
  request: APIRequestContext,
  token: string,
  documentId: string,
): Promise<Buffer> {
  const res = await request.get(apiPath(api.downloadDocument, { params: { id: documentId } }), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return res.body();
}

/** The six-digit TAN of the newest signing-code mail to `to`. */
export async function tanFromMail(request: APIRequestContext, to: string): Promise<string> {
  const mail = await renderedMail(request, to, 'signing-tan');
  const tan = /\b(\d{6})\b/.exec(mail.subject ?? '')?.[1];
  expect(tan, mail.subject ?? '').toBeTruthy();
  return tan as string;
}

/**
 * The identification page's whole way as a person takes it (on `/profile/signature-standards/
 * {legislation}/{method}`): the e-ID data, the provider's terms, then the sandbox page — start,
 * and pass (with the data as supplied) or fail — and back to Signet's page, which follows the
 * state until it is over.
 */
export async function identifyInSandbox(
  page: Page,
  path: string,
  data: { givenName: string; surname: string; birthDate: string; nationality: string },
  outcome: 'pass' | 'fail',
): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  // The first method offered (a direct signer's page lists every method of the legislation).
  await page
    .getByRole('button', { name: trustText('identify.start') })
    .first()
    .click();
  const eid = page.getByRole('dialog', { name: trustText('eid.title') });
  await eid.getByLabel(trustText('eid.givenName')).fill(data.givenName);
  await eid.getByLabel(trustText('eid.surname')).fill(data.surname);
  await eid.getByLabel(trustText('eid.birthDate')).fill(data.birthDate);
  await eid.getByLabel(trustText('eid.nationality')).fill(data.nationality);
  await eid.getByRole('button', { name: trustText('eid.continue') }).click();
  const terms = page.getByRole('dialog');
  await terms.getByRole('button', { name: trustText('tou.accept') }).click();
  const go = page.getByRole('link', { name: trustText('ident.goToProvider') });
  await expect(go).toBeVisible();
  const back = page.url();
  // The provider's page (it opens in a new tab for a person; here in the same one).
  await page.goto((await go.getAttribute('href')) as string);
  await expect(page.getByRole('note')).toHaveText(trustText('identSandbox.testSystem'));
  await page.getByRole('button', { name: trustText('identSandbox.start') }).click();
  // The agent joins after a while (the page refreshes itself until then).
  const pass = page.getByRole('button', { name: trustText('identSandbox.pass') });
  await expect(pass).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel(trustText('identSandbox.givenName'))).toHaveValue(data.givenName);
  if (outcome === 'pass') await pass.click();
  else await page.getByRole('button', { name: trustText('identSandbox.fail') }).click();
  await expect(page.getByRole('status')).toHaveText(
    outcome === 'pass'
      ? trustText('identSandbox.success')
      : trustText('identSandbox.failure', { reason: trustText('identSandbox.reason.document') }),
    { timeout: 20_000 },
  );
  await page.goto(back);
  await hydrated(page);
}

/** A page of a PDF as poppler draws it in grey at 72 dpi: one byte a point, 255 white. */
export function pageGrey(
  path: string,
  page: number,
): { width: number; height: number; px: Buffer } {
  const pgm = execFileSync('pdftoppm', [
    '-gray',
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    path,
  ]);
  // P5 header: magic, width, height, max value, then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, px: pgm.subarray(header[0].length) };
}

/** The share of non-white pixels in a box (points from the top-left corner) of a grey page. */
export function inkIn(
  grey: { width: number; px: Buffer },
  box: { x: number; y: number; width: number; height: number },
): number {
  let ink = 0;
  let all = 0;
  for (let y = Math.ceil(box.y); y < Math.floor(box.y + box.height); y++) {
    for (let x = Math.ceil(box.x); x < Math.floor(box.x + box.width); x++) {
      all++;
      if ((grey.px[y * grey.width + x] ?? 255) < 200) ink++;
    }
  }
  return all === 0 ? 0 : ink / all;
}

/** Every word poppler finds on a page, with its box in points from the top-left corner. */
export function wordBoxes(
  path: string,
  page: number,
): { text: string; x1: number; y1: number; x2: number; y2: number }[] {
  const out = execFileSync(
    'pdftotext',
    ['-bbox', '-f', String(page), '-l', String(page), path, '-'],
    {
      encoding: 'utf8',
    },
  );
  return [
    ...out.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g,
    ),
  ].map((m) => ({
    x1: Number(m[1]),
    y1: Number(m[2]),
    x2: Number(m[3]),
    y2: Number(m[4]),
    text: m[5] ?? '',
  }));
}
