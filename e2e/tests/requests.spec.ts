/**
 * Signature requests end to end: the owner uploads a PDF and sends it to an existing user and to
 * a new address; both sign from the links in their mail; the owner downloads the signed PDF and
 * the protocol, which poppler checks. Then a decline and a withdraw, each seen by the people
 * they concern, in the browser and in their mail.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import {
  api,
  apiPath,
  atPath,
  createAccount,
  freshEmail,
  hydrated,
  mailLink,
  open,
  pathOf,
  STRONG_PASSWORD,
  signInWithCookie,
  text,
} from '../support/app.ts';
import {
  download,
  pdfSignatures,
  pdfText,
  personContext,
  renderedMail,
  rqText,
  sendAndOpen,
  signerStatus,
  signOnView,
  uploadAndSend,
  writeTwoPagePdf,
} from '../support/requests.ts';

/** A title no other test uses, so mails and rows are this test's own. */
const freshTitle = (what: string) => `${what} ${Date.now().toString(36)}`;

test('the owner sends a PDF to an existing user and a new address; both sign from their mail; the owner downloads the signed PDF and the protocol', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, known] = await Promise.all([
    createAccount(request, 'rq-owner', { firstName: 'Olga', lastName: 'Owner' }),
    createAccount(request, 'rq-known', { firstName: 'Kurt', lastName: 'Known' }),
  ]);
  const newcomer = freshEmail('rq-new');
  const title = freshTitle('Lease');
  const pdf = test.info().outputPath('lease.pdf');
  await writeTwoPagePdf(pdf, title);

  // The owner uploads and sends.
  await signInWithCookie(context, baseURL, owner.token);
  const id = await uploadAndSend(page, { pdf, title, signers: [known.email, newcomer] });
  await expect(signerStatus(page, known.email)).toHaveAttribute('data-signer-status', 'OPEN');
  await expect(signerStatus(page, newcomer)).toHaveAttribute('data-signer-status', 'OPEN');

  // The existing user signs from the link in their mail.
  const knownBrowser = await personContext(browser, baseURL, known.token);
  const knownPage = await knownBrowser.newPage();
  await knownPage.goto(pathOf(await mailLink(request, known.email, `/view/${id}`)));
  await hydrated(knownPage);
  await expect(knownPage.locator('h1#page-heading')).toHaveText(title);
  await signOnView(knownPage, known.email, 'Kurt Known');
  await expect(knownPage.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'OPEN',
  );
  await knownBrowser.close();

  // The new address: the invitation itself proves the address. Its link opens one page for name,
  // password and terms, which lands on the request: one mail and at most four screens (the
  // signup page, the request, the signing overlay, its confirmation) to a valid signature.
  const newBrowser = await personContext(browser, baseURL);
  const newPage = await newBrowser.newPage();
  const invitation = new URL(await mailLink(request, newcomer, '/signup/steps'));
  expect(invitation.searchParams.get('token')).toBeTruthy();
  expect(invitation.searchParams.get('redirect')).toBe(`/view/${id}`);
  const screens: string[] = [];
  newPage.on('framenavigated', (frame) => {
    if (frame === newPage.mainFrame()) screens.push(new URL(frame.url()).pathname);
  });
  newPage.on('dialog', () => screens.push('dialog'));
  await open(newPage, pathOf(invitation.href));
  await expect(newPage.getByText(newcomer)).toBeVisible();
  await newPage.getByLabel(text('field.firstName')).fill('Nora');
  await newPage.getByLabel(text('field.lastName')).fill('Neu');
  await newPage.getByLabel(text('field.password'), { exact: true }).fill(STRONG_PASSWORD);
  await expect(newPage.getByTestId('password-verdict')).toHaveClass(/acc-verdict--ok/);
  await newPage.getByLabel(text('signupSteps.gtc')).check();
  await newPage.locator('form button[type=submit]').click();
  await expect(newPage).toHaveURL(atPath(`/view/${id}`));
  await hydrated(newPage);
  await expect(newPage.locator('h1#page-heading')).toHaveText(title);
  await signOnView(newPage, newcomer, 'Nora Neu');
  await expect(newPage.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'SIGNED',
  );
  // Two pages (the overlay and its confirmation make four screens), and no second mail.
  expect(screens).toEqual(['/signup/steps', `/view/${id}`]);
  const mails = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(newcomer)}`);
  const templates = ((await mails.json()) as { template: string }[]).map((m) => m.template);
  expect(templates.filter((tpl) => tpl === 'request-invitation')).toHaveLength(1);
  expect(templates).not.toContain('confirm-signup');
  await newBrowser.close();

  // The owner sees the request complete and downloads the signed PDF and the protocol.
  await page.reload();
  await hydrated(page);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute('data-status', 'SIGNED');
  await expect(signerStatus(page, known.email)).toHaveAttribute('data-signer-status', 'SIGNED');
  await expect(signerStatus(page, newcomer)).toHaveAttribute('data-signer-status', 'SIGNED');
  await expect(page.getByRole('button', { name: rqText('action.sign'), exact: true })).toHaveCount(
    0,
  );

  // A document is named after its file; the button offers the signed version now.
  await expect(
    page.getByRole('button', {
      name: rqText('view.downloadOriginal', { title: 'lease' }),
      exact: true,
    }),
  ).toHaveCount(0);
  const signed = await download(
    page,
    rqText('view.downloadSigned', { title: 'lease' }),
    'signed.pdf',
  );
  const signatures = pdfSignatures(signed);
  // One signature per signer, then the document time stamp of the B-LTA seal.
  expect(signatures, 'pdfsig finds the two signatures and the document time stamp').toHaveLength(3);
  for (const [i, signature] of signatures.slice(0, 2).entries()) {
    expect(signature.valid, `signature ${i + 1}:\n${signature.lines.join('\n')}`).toBe(true);
  }
  expect(signatures.at(-1)?.lines.join(' ')).toContain('DocumentTimeStamp');
  expect(signatures.at(-1)?.totalDocument, 'the document time stamp covers the whole file').toBe(
    true,
  );
  // Still the uploaded document: two pages.
  expect((await PDFDocument.load(readFileSync(signed))).getPageCount()).toBe(2);

  const protocol = await download(page, rqText('view.downloadProtocol'), 'protocol.pdf');
  expect(readFileSyncHead(protocol)).toBe('%PDF-');
  const words = pdfText(protocol);
  expect(words).toContain(title);
  expect(words).toContain(`Kurt Known <${known.email}>`);
  expect(words).toContain(`Nora Neu <${newcomer}>`);

  // Anyone can check the signed file at /verify, without an account.
  const visitor = await browser.newContext({ baseURL });
  const check = await visitor.newPage();
  await check.goto('/verify');
  await hydrated(check);
  await check.setInputFiles('input[type=file]', signed);
  await expect(check.locator('.vf-summary')).toHaveAttribute('data-intact', 'true');
  await expect(check.locator('.vf-card')).toHaveCount(3);
  await expect(check.locator('.vf-card[data-valid="true"]')).toHaveCount(3);
  await expect(check.getByText('PAdES B-LTA')).toHaveCount(2);
  await visitor.close();
});

test('a signer declines with a reason; the owner sees the request declined and gets a mail', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, signer] = await Promise.all([
    createAccount(request, 'dc-owner', { firstName: 'Olga', lastName: 'Owner' }),
    createAccount(request, 'dc-signer', { firstName: 'Dora', lastName: 'Decline' }),
  ]);
  const title = freshTitle('Offer');
  const reason = 'The price on page 2 is wrong.';

  // Sent through the API (the upload is the first test's); the owner has its page open.
  await signInWithCookie(context, baseURL, owner.token);
  const id = await sendAndOpen(page, request, owner.token, [signer.email], title);

  const signerBrowser = await personContext(browser, baseURL, signer.token);
  const signerPage = await signerBrowser.newPage();
  await signerPage.goto(pathOf(await mailLink(request, signer.email, `/view/${id}`)));
  await hydrated(signerPage);
  await expect(signerStatus(signerPage, signer.email)).toHaveAttribute(
    'data-signer-status',
    'OPEN',
  );
  await signerPage.getByRole('button', { name: rqText('action.decline'), exact: true }).click();
  const dialog = signerPage.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(rqText('dialog.decline.reason')).fill(reason);
  await dialog.getByRole('button', { name: rqText('dialog.decline.confirm') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(signerPage.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'DECLINED',
  );
  await expect(signerStatus(signerPage, signer.email)).toHaveAttribute(
    'data-signer-status',
    'DECLINED',
  );
  await expect(
    signerPage.getByRole('button', { name: rqText('action.sign'), exact: true }),
  ).toHaveCount(0);
  await signerBrowser.close();

  // The owner's page shows it declined, with the reason.
  await page.reload();
  await hydrated(page);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'DECLINED',
  );
  const row = page.locator(`[data-signer="${signer.email}"]`);
  await expect(signerStatus(page, signer.email)).toHaveAttribute('data-signer-status', 'DECLINED');
  await expect(row).toContainText(reason);
  await expect(page.getByRole('button', { name: rqText('action.withdraw') })).toHaveCount(0);

  // And the owner's mail says so, with the reason and a link to the request.
  const mail = await renderedMail(request, owner.email, 'request-declined');
  expect(mail.subject).toBe(rqText('request-declined.subject', { title }, 'email'));
  expect(mail.text).toContain('Dora Decline');
  expect(mail.text).toContain(reason);
  expect(mail.links.map((l) => new URL(l).pathname)).toContain(`/view/${id}`);
});

test('the owner withdraws with a message; the signer is told and can no longer sign', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, signer] = await Promise.all([
    createAccount(request, 'wd-owner', { firstName: 'Olga', lastName: 'Owner' }),
    createAccount(request, 'wd-signer', { firstName: 'Willi', lastName: 'Waiting' }),
  ]);
  const title = freshTitle('Contract');
  const message = 'We will send a corrected version.';

  // Sent through the API (the upload is the first test's), from the owner's request page.
  await signInWithCookie(context, baseURL, owner.token);
  const id = await sendAndOpen(page, request, owner.token, [signer.email], title);
  // The invitation went out before the withdrawal.
  await mailLink(request, signer.email, `/view/${id}`);

  await page.getByRole('button', { name: rqText('action.withdraw'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(rqText('dialog.message')).fill(message);
  await dialog.getByRole('button', { name: rqText('dialog.withdraw.confirm') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'WITHDRAWN',
  );
  await page.reload();
  await hydrated(page);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'WITHDRAWN',
  );
  await expect(page.getByRole('button', { name: rqText('action.withdraw') })).toHaveCount(0);

  // The signer's mail says so, with the owner's message, and links to the request.
  const mail = await renderedMail(request, signer.email, 'request-withdrawn');
  expect(mail.subject).toBe(rqText('request-withdrawn.subject', { title }, 'email'));
  expect(mail.text).toContain('Olga Owner');
  expect(mail.text).toContain(message);
  const link = mail.links.find((l) => new URL(l).pathname === `/view/${id}`);
  expect(link, mail.links.join('\n')).toBeTruthy();

  // Following it, the signer finds the request withdrawn and nothing to sign or decline.
  const signerBrowser = await personContext(browser, baseURL, signer.token);
  const signerPage = await signerBrowser.newPage();
  await signerPage.goto(pathOf(link as string));
  await hydrated(signerPage);
  await expect(signerPage.locator(`[data-request-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'WITHDRAWN',
  );
  await expect(signerPage.locator('h1#page-heading')).toHaveText(title);
  await expect(
    signerPage.getByRole('button', { name: rqText('action.sign'), exact: true }),
  ).toHaveCount(0);
  await expect(
    signerPage.getByRole('button', { name: rqText('action.decline'), exact: true }),
  ).toHaveCount(0);
  await signerBrowser.close();

  // The server refuses a signature too (not only the page hides the button).
  const res = await request.post(apiPath(api.sign), {
    headers: { authorization: `Bearer ${signer.token}` },
    data: [{ signatureRequestId: id, signingName: 'Willi Waiting', language: 'en' }],
  });
  const body = (await res.json()) as { ok?: boolean }[] | { code?: string };
  const refused = !res.ok() || (Array.isArray(body) && body[0]?.ok === false);
  expect(refused, JSON.stringify(body)).toBe(true);
  const after = await request.get(apiPath(api.getSignatureRequest, { params: { id } }), {
    headers: { authorization: `Bearer ${signer.token}` },
  });
  expect(after.status()).toBe(200);
  const state = (await after.json()) as {
    status_overall: string;
    signatures: { signed_at: string | null }[];
  };
  expect(state.status_overall).toBe('WITHDRAWN');
  expect(state.signatures.map((s) => s.signed_at)).toEqual([null]);
});

function readFileSyncHead(path: string): string {
  return readFileSync(path).subarray(0, 5).toString('latin1');
}
