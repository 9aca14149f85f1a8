/**
 * The new free plan and the individual plan as a person meets them (issue 14): a new account is
 * refused the upload page with the way to the plans; on /upgrade it sees its free plan and the
 * individual plan's price; the sandbox provider's card page declines the failing card and takes
 * the success card; back on /upgrade the plan is confirmed, and the upload page takes a PDF.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { FREE_SIGNATURES_PER_MONTH } from '@signet/shared/plan/plan.constants';
import { atPath, createAccount, hydrated, signInWithCookie, text } from '../support/app.ts';
import { seriousViolations } from '../support/axe.ts';
import { rqText, writeTwoPagePdf } from '../support/requests.ts';

test('a new free user is refused upload, sees the upgrade path, upgrades with the success card and uploads', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(request, 'free-plan', { plan: 'free' });
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(context, baseURL, person.token);
  const page = await context.newPage();

  // The upload page shows the way to the plans instead of the form.
  await page.goto('/upload');
  await hydrated(page);
  const blocked = page.getByTestId('plan-blocked');
  // The first page of a fresh server on a busy machine may take a while to load its session.
  await expect(blocked).toContainText(rqText('upload.planTitle'), { timeout: 30_000 });
  await expect(page.getByLabel(rqText('upload.choose'))).toHaveCount(0);
  await blocked.getByRole('link', { name: rqText('upload.planUpgrade') }).click();
  await expect(page).toHaveURL(atPath('/upgrade'));
  await hydrated(page);

  // The free plan and this month's free signatures; the individual plan in EUR (not a .ch host).
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText(text('upgrade.kind.free'));
  await expect(page.getByTestId('free-signatures')).toContainText(
    `0 of ${FREE_SIGNATURES_PER_MONTH}`,
  );
  await expect(page.getByTestId('individual-price')).toContainText('€15.00');
  await page.getByLabel(text('upgrade.yearly')).check();
  await expect(page.getByTestId('individual-price')).toContainText('€150.00');
  await page.getByLabel(text('upgrade.monthly')).check();
  expect(await seriousViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa'])).toEqual([]);
  await page.getByRole('button', { name: text('upgrade.buy') }).click();

  // The sandbox provider's card page (Test System): the failing card is declined there.
  await expect(page).toHaveURL((url) => url.pathname.startsWith(`${PAYMENT_SANDBOX.path}/setup/`));
  await expect(page.getByText('Test System')).toBeVisible();
  await page.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.declined);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  await page.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.succeeds);
  await page.getByRole('button', { name: 'Save card' }).click();

  // Back on /upgrade: confirmed, the individual plan, no free quota.
  await expect(page).toHaveURL(atPath('/upgrade'));
  await expect(page.getByTestId('upgrade-done')).toContainText(text('upgrade.done'));
  await expect(current).toContainText(text('upgrade.kind.individual'));
  await expect(page.getByTestId('free-signatures')).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');

  // The upload page now takes a PDF.
  await page.getByRole('link', { name: text('upgrade.toUpload') }).click();
  await expect(page).toHaveURL(atPath('/upload'));
  await hydrated(page);
  await expect(page.getByTestId('plan-blocked')).toHaveCount(0);
  const dir = mkdtempSync(join(tmpdir(), 'signet-plan-'));
  try {
    const pdf = join(dir, 'Offer.pdf');
    await writeTwoPagePdf(pdf, 'Offer');
    await page.getByLabel(rqText('upload.choose')).setInputFiles(pdf);
    const file = page.getByTestId('upload-file').filter({ hasText: 'Offer.pdf' });
    await expect(file).toContainText(rqText('upload.done', { pages: 2 }), { timeout: 20_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await context.close();
});
