/**
 * A draft is edited on its request page until it is sent: signers added and removed, the signing
 * order changed, observers added and removed; then sent, and the invitation goes to the signer
 * whose turn it now is. The draft itself is made through the API (the page is under test).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  api,
  apiPath,
  createAccount,
  freshEmail,
  hydrated,
  signInWithCookie,
} from '../support/app.ts';
import { mailsTo, renderedMail, rqText, writeTwoPagePdf } from '../support/requests.ts';

/** The signers' addresses on the request page are `emails`, in this (the signing) order. */
async function expectSigners(page: Page, emails: string[]) {
  const items = page.locator('.rq-card:has(#rq-signers) li[data-signer]');
  await expect
    .poll(() => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-signer'))))
    .toEqual(emails);
}

async function confirmDialog(page: Page, name: string, confirm: string, email?: string) {
  const dialog = page.locator(`[data-dialog="${name}"]`);
  await expect(dialog).toBeVisible();
  if (email) await dialog.getByLabel(rqText('dialog.email')).fill(email);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a draft's signers and observers are edited on its page until it is sent", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, anna, bruno] = await Promise.all([
    createAccount(request, 'draft-owner', { firstName: 'Olga', lastName: 'Owner' }),
    createAccount(request, 'draft-anna', { firstName: 'Anna', lastName: 'Amrein' }),
    createAccount(request, 'draft-bruno', { firstName: 'Bruno', lastName: 'Bär' }),
  ]);
  const cara = freshEmail('draft-cara');
  const watcher = freshEmail('draft-watcher');
  const stray = freshEmail('draft-stray');
  const title = `Draft lease ${Date.now().toString(36)}`;
  const pdf = test.info().outputPath('draft.pdf');
  await writeTwoPagePdf(pdf, title);

  // A draft with Anna then Bruno, not sent.
  const created = await request.post(apiPath(api.createSignatureRequest), {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      title,
      documents: [{ title: 'draft.pdf', content: readFileSync(pdf).toString('base64') }],
      signatures: [
        { account_email: anna.email, order: 1 },
        { account_email: bruno.email, order: 2 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signInWithCookie(context, baseURL, owner.token);
  await page.goto(`/view/${id}`);
  await hydrated(page);
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute('data-status', 'DRAFT');
  await expectSigners(page, [anna.email, bruno.email]);

  // Add Cara (last), remove Bruno.
  await page.getByRole('button', { name: rqText('action.addSigner'), exact: true }).click();
  await confirmDialog(page, 'document/add-signer', rqText('dialog.addSigner.confirm'), cara);
  await expectSigners(page, [anna.email, bruno.email, cara]);
  await page
    .getByRole('button', { name: rqText('view.removeSigner', { email: bruno.email }) })
    .click();
  await confirmDialog(page, 'document/remove-signer', rqText('dialog.removeSigner.confirm'));
  await expectSigners(page, [anna.email, cara]);

  // Cara signs first now; the first signer cannot move earlier, the last not later.
  const earlier = (email: string) =>
    page.getByRole('button', { name: rqText('view.signerEarlier', { email }), exact: true });
  const later = (email: string) =>
    page.getByRole('button', { name: rqText('view.signerLater', { email }), exact: true });
  await expect(earlier(anna.email)).toBeDisabled();
  await expect(later(cara)).toBeDisabled();
  await earlier(cara).click();
  await expectSigners(page, [cara, anna.email]);
  await expect(earlier(cara)).toBeDisabled();
  // The order is the server's: it is still there after a reload.
  await page.reload();
  await hydrated(page);
  await expectSigners(page, [cara, anna.email]);

  // Observers: add two, remove one.
  for (const email of [watcher, stray]) {
    await page.getByRole('button', { name: rqText('action.addObserver'), exact: true }).click();
    await confirmDialog(page, 'document/add-observer', rqText('dialog.addObserver.confirm'), email);
    await expect(page.locator(`li[data-observer="${email}"]`)).toBeVisible();
  }
  await page.getByRole('button', { name: rqText('view.removeObserver', { email: stray }) }).click();
  await expect(page.locator(`li[data-observer="${stray}"]`)).toHaveCount(0);
  await expect(page.locator(`li[data-observer="${watcher}"]`)).toBeVisible();

  // Send: the invitation goes to Cara, whose turn it is; Anna waits, Bruno is out.
  await page.getByRole('button', { name: rqText('action.send'), exact: true }).click();
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveAttribute('data-status', 'OPEN');
  const invitation = await renderedMail(request, cara, 'request-invitation');
  expect(invitation.subject).toContain(title);
  const invitedFor = async (email: string) =>
    (await mailsTo(request, email)).filter(
      (m) => m.template === 'request-invitation' && (m.subject ?? '').includes(title),
    );
  expect(await invitedFor(anna.email)).toEqual([]);
  expect(await invitedFor(bruno.email)).toEqual([]);
  // Sent: the order is fixed now.
  await expect(earlier(anna.email)).toHaveCount(0);
  await expectSigners(page, [cara, anna.email]);
});
