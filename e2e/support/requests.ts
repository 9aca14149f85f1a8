/**
 * What the signature-request specs need besides support/app.ts: a real PDF to upload, the
 * request pages' texts, the rendered mails of the development mailbox, the request flows a user
 * goes through (upload and send, sign) and poppler's view of a downloaded PDF.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, apiPath, hydrated, signInWithCookie } from './app.ts';

type Namespace = 'requests' | 'email';
const cache = new Map<string, Record<string, string>>();

/**
 * A text of `locales/en-gb/<namespace>.json` (requests pages or mails), `{name}` and
 * `{{name}}` filled in.
 */
export function rqText(
  key: string,
  vars: Record<string, string | number> = {},
  namespace: Namespace = 'requests',
): string {
  let messages = cache.get(namespace);
  if (!messages) {
    const url = new URL(`../../locales/en-gb/${namespace}.json`, import.meta.url);
    messages = JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
    cache.set(namespace, messages);
  }
  const message = messages[key];
  if (message === undefined) throw new Error(`No text ${key} in en-gb/${namespace}`);
  return message.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** A two-page PDF (A4, a line of text on each page). */
export async function twoPagePdf(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`${title} – page ${n} of 2`, { x: 72, y: 760, size: 16, font });
  }
  return pdf.save();
}

/** Writes {@link twoPagePdf} to `path`. */
export async function writeTwoPagePdf(path: string, title: string): Promise<void> {
  writeFileSync(path, await twoPagePdf(title));
}

/** Sends a request through the API: the PDF, signers (with their standard), initiated. */
export async function sendRequest(
  request: APIRequestContext,
  ownerToken: string,
  pdf: Uint8Array,
  signers: {
    email: string;
    signature_level?: 'SES' | 'AES' | 'QES';
    legislation?: 'EIDAS' | 'ZERTES';
  }[],
  title: string,
  extra: { message?: string } = {},
): Promise<{ id: string; documentId: string }> {
  const headers = { authorization: `Bearer ${ownerToken}` };
  const doc = await request.post(apiPath(api.uploadDocument), {
    headers,
    data: { title, content: Buffer.from(pdf).toString('base64') },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const documentId = ((await doc.json()) as { id: string }).id;
  const created = await request.post(apiPath(api.createSignatureRequest), {
    headers,
    data: {
      title,
      ...extra,
      documents: [{ document_id: documentId }],
      signatures: signers.map(({ email, ...rest }) => ({ account_email: email, ...rest })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const sent = await request.post(apiPath(api.initiateSignatureRequest, { params: { id } }), {
    headers,
  });
  expect(sent.status()).toBe(200);
  return { id, documentId };
}

/**
 * For tests of a request's page rather than of the upload: sends a two-page PDF titled `title`
 * to `signers` through the API with `ownerToken`, and opens the request in `page` (signed in as
 * whoever looks at it). Returns the request's id.
 */
export async function sendAndOpen(
  page: Page,
  request: APIRequestContext,
  ownerToken: string,
  signers: readonly string[],
  title: string,
): Promise<string> {
  const pdf = await twoPagePdf(title);
  const { id } = await sendRequest(
    request,
    ownerToken,
    pdf,
    signers.map((email) => ({ email })),
    title,
  );
  await openRequest(page, id);
  return id;
}

/**
 * Waits until the viewer shows its first page image drawn (loaded, not just placed), as a user
 * waits for the document before reading it or a check judges the page.
 */
export async function firstPageShown(page: Page, timeout = 15_000): Promise<void> {
  const image = page.locator('.dv-page img').first();
  await expect(image).toBeVisible({ timeout });
  await expect
    .poll(
      () =>
        image.evaluate((img) => {
          const { complete, naturalWidth } = img as unknown as {
            complete: boolean;
            naturalWidth: number;
          };
          return complete && naturalWidth > 0;
        }),
      { timeout },
    )
    .toBe(true);
}

export type MailboxMail = {
  to: string;
  template: string;
  status: string;
  subject: string | null;
  text: string | null;
  links: string[];
};

/** The mails to `to`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<MailboxMail[]> {
  const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as MailboxMail[];
}

/** Waits for a rendered mail from `template` to `to` (the worker sends asynchronously). */
export async function renderedMail(
  request: APIRequestContext,
  to: string,
  template: string,
): Promise<MailboxMail> {
  let found: MailboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find(
          (m) => m.template === template && m.subject !== null,
        );
        return found !== undefined;
      },
      { message: `a ${template} mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as MailboxMail;
}

/** A new browser context (own cookies, like another person's browser), signed in if a token. */
export async function personContext(
  browser: Browser,
  baseURL: string | undefined,
  token?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB', acceptDownloads: true });
  if (token) await signInWithCookie(context, baseURL, token);
  return context;
}

/**
 * On `/upload`: uploads `pdf`, sets the title, the signers in this order and sends. Returns the
 * new request's id once its page shows it OPEN.
 */
export async function uploadAndSend(
  page: Page,
  options: { pdf: string; title: string; signers: readonly string[]; message?: string },
): Promise<string> {
  await page.goto('/upload');
  await hydrated(page);
  const name = options.pdf.split('/').pop() as string;
  await page.getByLabel(rqText('upload.choose')).setInputFiles(options.pdf);
  const file = page.getByTestId('upload-file').filter({ hasText: name });
  await expect(
    file.getByRole('progressbar', { name: rqText('upload.progress', { name }) }),
  ).toBeVisible();
  // The server counted the pages: the upload is done and the PDF was read.
  await expect(file).toContainText(rqText('upload.done', { pages: 2 }), { timeout: 20_000 });

  await page.getByLabel(rqText('upload.title'), { exact: true }).fill(options.title);
  if (options.message) {
    await page.getByLabel(rqText('upload.message')).fill(options.message);
  }
  for (const [i, email] of options.signers.entries()) {
    if (i > 0) await page.getByRole('button', { name: rqText('upload.addSigner') }).click();
    await page.getByLabel(rqText('upload.signerEmail', { n: i + 1 })).fill(email);
  }
  await page.getByRole('button', { name: rqText('upload.send'), exact: true }).click();

  await expect(page).toHaveURL(/\/view\/[^/?#]+$/, { timeout: 20_000 });
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
  await hydrated(page);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute('data-status', 'OPEN');
  await expect(page.locator('h1#page-heading')).toHaveText(options.title);
  return id;
}

/** Opens a request's page and waits until it shows the request in `status`. */
export async function openRequest(page: Page, id: string, status = 'OPEN'): Promise<void> {
  await page.goto(`/view/${id}`);
  await hydrated(page);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute('data-status', status);
}

/** A signer's status badge on the request page. */
export function signerStatus(page: Page, email: string) {
  return page.locator(`[data-signer="${email}"] [data-signer-status]`);
}

/**
 * On the request page of a signer whose turn it is: Sign → the overlay (name prefilled with
 * `expectedName`) → Sign now → the success overlay → back to the request, which shows the
 * signer SIGNED.
 */
export async function signOnView(page: Page, email: string, expectedName: string): Promise<void> {
  await expect(signerStatus(page, email)).toHaveAttribute('data-signer-status', 'OPEN');
  await page.getByRole('button', { name: rqText('action.sign'), exact: true }).click();
  const overlay = page.getByTestId('signing-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByLabel(rqText('overlay.signing.name'), { exact: true })).toHaveValue(
    expectedName,
  );
  await overlay.getByRole('button', { name: rqText('overlay.signing.confirm') }).click();
  const success = page.getByTestId('signing-success');
  // Signing applies a PAdES signature on the server; allow for a slow, shared machine.
  await expect(success).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('signing-failure')).toHaveCount(0);
  await success.getByRole('button', { name: rqText('overlay.success.back') }).click();
  await expect(success).toHaveCount(0);
  await expect(signerStatus(page, email)).toHaveAttribute('data-signer-status', 'SIGNED');
  await expect(page.getByRole('button', { name: rqText('action.sign'), exact: true })).toHaveCount(
    0,
  );
}

/** One signature as `pdfsig` reports it. */
export type PdfSignature = { lines: string[]; valid: boolean; totalDocument: boolean };

/** The signatures of a PDF as poppler's `pdfsig` sees them (it verifies each one). */
export function pdfSignatures(path: string): PdfSignature[] {
  let out: string;
  try {
    out = execFileSync('pdfsig', [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // pdfsig exits non-zero when a certificate is not trusted; its report is still complete.
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  return out
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => {
      const lines = block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      return {
        lines,
        valid: lines.includes('- Signature Validation: Signature is Valid.'),
        totalDocument: lines.includes('- Total document signed'),
      };
    });
}

/** The text of a PDF (poppler's `pdftotext`), with runs of white space made single spaces. */
export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
    .replace(/\s+/g, ' ')
    .trim();
}

/** How many images (not soft masks) a PDF draws, as `pdfimages -list` counts them. */
export function pdfImageCount(path: string): number {
  const out = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' });
  return out.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image\s/.test(line)).length;
}

/** Saves what clicking `button` downloads and returns the file's path. */
export async function download(page: Page, button: string, file: string): Promise<string> {
  const trigger = page.getByRole('button', { name: button, exact: true });
  await expect(trigger).toBeEnabled();
  const downloading = page.waitForEvent('download');
  await trigger.click();
  const done = await downloading;
  expect(await done.failure()).toBeNull();
  expect(done.suggestedFilename()).toMatch(/\.pdf$/i);
  const path = test.info().outputPath(file);
  await done.saveAs(path);
  return path;
}
