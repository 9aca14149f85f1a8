/**
 * Direct signing in the end-to-end tests: a business (Aurora Insurance Ltd) sends a request with
 * one direct signer, Giulia Rossi, through the API.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, createAccount, createBusiness, freshEmail, hydrated } from './app.ts';
import { firstPageShown, renderedMail, writeTwoPagePdf } from './requests.ts';

export type Lang = 'en-gb' | 'de-ch' | 'it';
const texts = new Map<string, Record<string, string>>();
/** A text of `locales/<lang>/<namespace>.json`, `{name}`/`{{name}}` filled in. */
export function dx(
  key: string,
  lang: Lang = 'en-gb',
  vars: Record<string, string | number> = {},
  ns = 'direct',
) {
  const id = `${lang}/${ns}`;
  let table = texts.get(id);
  if (!table) {
    table = JSON.parse(readFileSync(new URL(`../../locales/${id}.json`, import.meta.url), 'utf8'));
    texts.set(id, table as Record<string, string>);
  }
  const text = (table as Record<string, string>)[key];
  if (text === undefined) throw new Error(`No text ${key} in ${id}`);
  return text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}
export type DirectCreated = { owner: Account; id: string; url: string; signer: string };

/** A business sends a request with one direct signer through the API; returns the link. */
export async function sendDirect(
  request: APIRequestContext,
  options: {
    lang: 'en' | 'de' | 'it';
    exit: Record<string, unknown>;
    title: string;
    /** What the request asks of the direct signer (`signature_level`, `legislation`). */
    standard?: { signature_level: 'AES' | 'QES'; legislation: 'EIDAS' | 'ZERTES' };
  },
): Promise<DirectCreated> {
  const owner = await createAccount(request, 'dx-owner', { firstName: 'Olga', lastName: 'Owner' });
  await createBusiness(request, owner, 'Aurora Insurance Ltd');
  const auth = { authorization: `Bearer ${owner.token}` };
  const pdf = test.info().outputPath('contract.pdf');
  await writeTwoPagePdf(pdf, options.title);
  const doc = await request.post('/api/v3/documents', {
    headers: auth,
    data: { title: options.title, content: readFileSync(pdf).toString('base64') },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const signer = freshEmail('dx-signer');
  const created = await request.post('/api/v3/signature-requests', {
    headers: auth,
    data: {
      title: options.title,
      documents: [{ document_id: ((await doc.json()) as { id: string }).id }],
      direct_sign: true,
      exit_urls: options.exit,
      signatures: [
        {
          signer_identity_data: {
            email_address: signer,
            first_name: 'Giulia',
            last_name: 'Rossi',
            language: options.lang,
          },
          direct: true,
          ...options.standard,
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(`/api/v3/signature-requests/${id}/initiate`, { headers: auth });
  expect(sent.status()).toBe(200);
  const body = (await sent.json()) as { signatures: { signing_url: string | null }[] };
  const link = new URL(body.signatures[0]?.signing_url as string);
  return { owner, id, signer, url: `${link.pathname}${link.search}` };
}

/** Opens the link and waits for the first page image of the document. */
export async function openLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  await firstPageShown(page);
}

/** The six-digit code of the newest code mail to `to`. */
export async function codeFrom(request: APIRequestContext, to: string): Promise<string> {
  const mail = await renderedMail(request, to, 'direct-tan');
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  expect(code, mail.text ?? '').toBeTruthy();
  return code as string;
}

/** Sign → the direct-sign overlay → send the code (by e-mail) → the TAN entry dialog. */
export async function askForCode(page: Page, lang: Lang, name = 'Giulia Rossi'): Promise<void> {
  await page.getByRole('button', { name: dx('action.sign', lang), exact: true }).click();
  const overlay = page.getByTestId('direct-sign-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByLabel(dx('overlay.sign.name', lang))).toHaveValue(name);
  await overlay.getByRole('button', { name: dx('overlay.sign.send', lang) }).click();
  await expect(page.locator('[data-dialog="document/tan-entry"]')).toBeVisible();
}

export async function enterCode(page: Page, lang: Lang, code: string): Promise<void> {
  const dialog = page.locator('[data-dialog="document/tan-entry"]');
  await dialog.getByTestId('tan-input').fill(code);
  await dialog.getByRole('button', { name: dx('dialog.tan.confirm', lang) }).click();
}
