/**
 * The dashboard's state filters are answered by the server: a filtered page is full and the
 * pager counts what the filter matches (spec sections 2 and 4).
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  type Account,
  api,
  apiPath,
  createAccount,
  freshEmail,
  hydrated,
  signInWithCookie,
} from '../support/app.ts';
import { rqText } from '../support/requests.ts';

async function onePagePdf(title: string): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595.28, 841.89]).drawText(title, { x: 72, y: 760, size: 14, font });
  return Buffer.from(await pdf.save()).toString('base64');
}

/** A request from `owner` with one inline PDF, sent to `signers` (the API a client would use). */
async function send(
  request: APIRequestContext,
  owner: Account,
  title: string,
  signers: string[],
  content: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post(apiPath(api.createSignatureRequest), {
    headers,
    data: {
      title,
      documents: [{ title: `${title}.pdf`, content }],
      signatures: signers.map((email) => ({ account_email: email })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(apiPath(api.initiateSignatureRequest, { params: { id } }), {
    headers,
  });
  expect(sent.status()).toBe(200);
  return id;
}

test('filtered to "to sign", the dashboard shows full pages and the filtered total', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const me = await createAccount(request, 'dash-me');
  const other = await createAccount(request, 'dash-other');
  const partner = freshEmail('dash-partner');
  const content = await onePagePdf('Dashboard filter');

  // 60 requests, mixed in time: 30 to sign for me, 25 of mine waiting, 5 withdrawn.
  for (let i = 0; i < 30; i++) {
    await send(request, other, `For me ${i}`, [me.email], content);
    if (i < 25) await send(request, me, `Mine ${i}`, [partner], content);
    if (i < 5) {
      const id = await send(request, me, `Withdrawn ${i}`, [partner], content);
      const res = await request.post(apiPath(api.withdrawSignatureRequest, { params: { id } }), {
        headers: { authorization: `Bearer ${me.token}` },
        data: { message: '' },
      });
      expect(res.status()).toBe(200);
    }
  }

  await signInWithCookie(context, baseURL, me.token);
  await page.goto('/dashboard?tab=inbox');
  await hydrated(page);
  const table = page.getByRole('table', { name: rqText('dashboard.table.inbox') });
  await expect(table.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByTestId('dashboard-page')).toHaveText(
    rqText('dashboard.pageOf', { page: 1, pages: 3, total: 60 }),
  );

  await page.getByRole('checkbox', { name: rqText('state.to-sign') }).check();
  const rows = table.locator('tbody tr');
  await expect(page.getByTestId('dashboard-page')).toHaveText(
    rqText('dashboard.pageOf', { page: 1, pages: 2, total: 30 }),
  );
  await expect(rows).toHaveCount(25);
  await expect(table.locator('[data-state]')).toHaveCount(25);
  await expect(table.locator('[data-state="to-sign"]')).toHaveCount(25);

  await page.getByRole('button', { name: rqText('dashboard.next') }).click();
  await expect(page.getByTestId('dashboard-page')).toHaveText(
    rqText('dashboard.pageOf', { page: 2, pages: 2, total: 30 }),
  );
  await expect(rows).toHaveCount(5);
  await expect(table.locator('[data-state="to-sign"]')).toHaveCount(5);
});
