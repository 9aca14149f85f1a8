/**
 * The dashboard's state filters are answered by the server: a filtered page is full and the
 * pager counts what the filter matches (spec sections 2 and 4). Declined, withdrawn and expired
 * requests each have their own badge and filter, and their page says who ended them and why.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { REQUEST_CLOCK_PATH } from '@signet/shared/signature-request/signature-request.constants';
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
import { renderedMail, rqText } from '../support/requests.ts';

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
  const [me, other] = await Promise.all([
    createAccount(request, 'dash-me'),
    createAccount(request, 'dash-other'),
  ]);
  const partner = freshEmail('dash-partner');
  const content = await onePagePdf('Dashboard filter');

  // 60 requests, mixed in time: 30 to sign for me, 25 of mine waiting, 5 withdrawn. Each round's
  // requests are sent side by side, the rounds one after another.
  const withdrawn = async (i: number) => {
    const id = await send(request, me, `Withdrawn ${i}`, [partner], content);
    const res = await request.post(apiPath(api.withdrawSignatureRequest, { params: { id } }), {
      headers: { authorization: `Bearer ${me.token}` },
      data: { message: '' },
    });
    expect(res.status()).toBe(200);
  };
  for (let i = 0; i < 30; i++) {
    await Promise.all([
      send(request, other, `For me ${i}`, [me.email], content),
      i < 25 && send(request, me, `Mine ${i}`, [partner], content),
      i < 5 && withdrawn(i),
    ]);
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

/** Text of `view.closed.<status>` up to its date (the date's format is the page's language's). */
const closedPrefix = (status: 'DECLINED' | 'WITHDRAWN' | 'EXPIRED', name = '') =>
  rqText(`view.closed.${status}`, { name }).split('{date}')[0] as string;

test('declined, withdrawn and expired requests show distinct badges and filters, with who and why', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [me, dora] = await Promise.all([
    createAccount(request, 'ended-me', { firstName: 'Olga', lastName: 'Owner' }),
    createAccount(request, 'ended-dora', { firstName: 'Dora', lastName: 'Decline' }),
  ]);
  const partner = freshEmail('ended-partner');
  const content = await onePagePdf('Ended requests');
  const mine = { authorization: `Bearer ${me.token}` };
  const stamp = Date.now().toString(36);
  const titles = {
    declined: `Declined offer ${stamp}`,
    withdrawn: `Withdrawn lease ${stamp}`,
    expired: `Expired contract ${stamp}`,
    waiting: `Open contract ${stamp}`,
  };

  // Made through the API, side by side: the dashboard and the request page are under test, not
  // the flows.
  const [declined, withdrawn, expired, waiting] = await Promise.all([
    send(request, me, titles.declined, [dora.email], content).then(async (id) => {
      const decline = await request.post(apiPath(api.declineSignatureRequest, { params: { id } }), {
        headers: { authorization: `Bearer ${dora.token}` },
        data: { message: 'The price on page 2 is wrong.' },
      });
      expect(decline.status(), await decline.text()).toBe(200);
      return id;
    }),
    send(request, me, titles.withdrawn, [partner], content).then(async (id) => {
      const withdraw = await request.post(
        apiPath(api.withdrawSignatureRequest, { params: { id } }),
        { headers: mine, data: { message: 'Sent to the wrong team.' } },
      );
      expect(withdraw.status(), await withdraw.text()).toBe(200);
      return id;
    }),
    send(request, me, titles.expired, [partner], content).then(async (id) => {
      // The test-mode clock brings its expiry to now and runs the server's expiry sweep.
      const clock = await request.post(REQUEST_CLOCK_PATH, { data: { requestId: id } });
      expect(clock.status(), await clock.text()).toBe(200);
      expect(((await clock.json()) as { expired: string[] }).expired).toContain(id);
      return id;
    }),
    send(request, me, titles.waiting, [partner], content),
  ]);

  await signInWithCookie(context, baseURL, me.token);
  await page.goto('/dashboard?tab=inbox');
  await hydrated(page);
  const table = page.getByRole('table', { name: rqText('dashboard.table.inbox') });
  const row = (id: string) => table.locator(`tr[data-request-id="${id}"]`);
  const states = { declined, withdrawn, expired, waiting } as const;
  for (const [state, id] of Object.entries(states)) {
    const badge = row(id).locator('[data-state]');
    await expect(badge).toHaveAttribute('data-state', state);
    await expect(badge).toHaveText(rqText(`state.${state}`));
  }
  // Three colours a person tells apart, not one "cancelled".
  const colours = await Promise.all(
    [declined, withdrawn, expired].map((id) =>
      row(id)
        .locator('[data-state]')
        .evaluate((el) => {
          // In the browser (the e2e project has no DOM types).
          const { getComputedStyle } = globalThis as unknown as {
            getComputedStyle: (e: unknown) => { color: string; backgroundColor: string };
          };
          const style = getComputedStyle(el);
          return `${style.color} on ${style.backgroundColor}`;
        }),
    ),
  );
  expect(new Set(colours).size, colours.join(' | ')).toBe(3);

  // Each filter shows its own requests only; two filters show both.
  const filter = (state: string) => page.getByRole('checkbox', { name: rqText(`state.${state}`) });
  const shown = async (ids: string[]) => {
    await expect(table.locator('tbody tr')).toHaveCount(ids.length);
    for (const id of ids) await expect(row(id)).toBeVisible();
  };
  for (const [state, id] of [
    ['declined', declined],
    ['withdrawn', withdrawn],
    ['expired', expired],
  ] as const) {
    await filter(state).check();
    await shown([id]);
    await expect(table.locator(`[data-state="${state}"]`)).toHaveCount(1);
    await filter(state).uncheck();
  }
  await filter('declined').check();
  await filter('expired').check();
  await shown([declined, expired]);
  await filter('declined').uncheck();
  await filter('expired').uncheck();
  await shown([declined, withdrawn, expired, waiting]);

  // The request page says who ended it and why.
  const closedOn = async (id: string, state: string) => {
    await row(id).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/view/${id}$`));
    await hydrated(page);
    await expect(page.locator('.rq-view__meta [data-state]')).toHaveAttribute('data-state', state);
    const closed = page.getByTestId('request-closed');
    await expect(closed).toBeVisible();
    return closed;
  };
  let closed = await closedOn(declined, 'declined');
  await expect(closed).toContainText(closedPrefix('DECLINED', 'Dora Decline'));
  await expect(closed).toContainText(dora.email);
  await expect(closed).toContainText('The price on page 2 is wrong.');
  await page.goBack();
  closed = await closedOn(withdrawn, 'withdrawn');
  await expect(closed).toContainText(closedPrefix('WITHDRAWN', 'Olga Owner'));
  await expect(closed).toContainText('Sent to the wrong team.');
  await page.goBack();
  closed = await closedOn(expired, 'expired');
  await expect(closed).toContainText(closedPrefix('EXPIRED'));
  await expect(closed).toContainText(
    rqText('view.closed.EXPIRED').split('{date}')[1]?.trim() ?? '',
  );
  // The participant was told.
  const notice = await renderedMail(request, partner, 'request-expired');
  expect(notice.subject).toContain(titles.expired);
});
