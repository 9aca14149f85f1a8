import { expect, test } from '@playwright/test';
import {
  apiLogin,
  atPath,
  createAccount,
  fillLogin,
  hydrated,
  mailLink,
  open,
  pathOf,
  text,
  userStatus,
} from '../support/app.ts';

const NEW_PASSWORD = 'Silver-Meadow-Compass-7302';

test('resets the password through the mailed link; the old one stops working, the link too', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'reset');

  await open(page, '/login');
  await page.getByRole('link', { name: text('login.forgot') }).click();
  await expect(page).toHaveURL(atPath('/password-reset'));
  await hydrated(page);
  await expect(page.locator('h1#page-heading')).toHaveText(text('reset.heading'));
  await page.getByLabel(text('field.email')).fill(account.email);
  await page.locator('form button[type=submit]').click();

  await expect(page).toHaveURL(atPath('/password-reset/mail-sent'));
  await expect(page.getByTestId('mail-sent-text')).toContainText(account.email);

  const link = pathOf(await mailLink(request, account.email, '/password-reset/new'));
  await open(page, link);
  await expect(page.locator('h1#page-heading')).toHaveText(text('resetNew.heading'));
  const field = page.getByLabel(text('resetNew.password'), { exact: true });
  await field.fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-verdict')).toHaveClass(/acc-verdict--ok/);
  await page.locator('form button[type=submit]').click();

  await expect(page).toHaveURL(atPath('/password-reset/confirm'));
  await expect(page.locator('h1#page-heading')).toHaveText(text('resetConfirm.heading'));

  // The reset revoked the sessions that existed before it.
  expect(await userStatus(request, account.token)).toBe(401);
  expect((await apiLogin(request, account.email, account.password)).status).toBe(401);

  await page.getByRole('link', { name: text('resetConfirm.login') }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await fillLogin(page, account.email, account.password);
  await expect(page.locator('#login-alert')).toHaveText(text('login.invalidCredentials'));
  await page.locator('#login-password').fill(NEW_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(atPath('/dashboard'));

  // The link works once: a second use is refused with a way to a new one.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await open(page, link);
  await page
    .getByLabel(text('resetNew.password'), { exact: true })
    .fill('Another-Fresh-Password-951');
  await expect(page.getByTestId('password-verdict')).toHaveClass(/acc-verdict--ok/);
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#reset-invalid')).toHaveText(text('resetNew.invalidTitle'));
  await expect(page.getByRole('link', { name: text('resetNew.restart') })).toHaveAttribute(
    'href',
    '/password-reset',
  );
  expect((await apiLogin(request, account.email, NEW_PASSWORD)).status).toBe(200);
});

test('a reset link with a made-up token is not valid', async ({ page }) => {
  await open(page, '/password-reset/new?token=not-a-real-token-at-all-0123456789');
  await page.getByLabel(text('resetNew.password'), { exact: true }).fill(NEW_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#reset-invalid')).toHaveText(text('resetNew.invalidTitle'));
});
