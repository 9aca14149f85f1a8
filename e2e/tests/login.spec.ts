import { logout } from '@signet/shared/api/endpoints';
import { SESSION_COOKIE } from '@signet/shared/session/session.constants';
import { atPath, fillLogin, open, tabToken, text, userStatus } from '../support/app.ts';
import { expect, test } from '../support/fixtures.ts';

test('logs in with the right password and out again, which ends the session', async ({
  page,
  request,
  user,
}) => {
  await open(page, '/login');
  await expect(page.locator('h1#page-heading')).toHaveText(text('login.heading'));
  await fillLogin(page, user.email, user.password);

  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  const menu = page.getByRole('button', { name: text('user.menu', {}, 'site') });
  await expect(menu).toContainText(`${user.firstName} ${user.lastName}`);
  const token = await tabToken(page);
  expect(token).toBeTruthy();
  expect(await userStatus(request, token as string)).toBe(200);

  await menu.click();
  await page.getByRole('menuitem', { name: text('nav.logout', {}, 'site') }).click();

  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.locator('h1#page-heading')).toHaveText(text('login.heading'));
  expect(await tabToken(page)).toBeNull();
  expect(
    (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value || null,
  ).toBeNull();
  // Revoked on the server, not only forgotten in the browser.
  expect(await userStatus(request, token as string)).toBe(401);

  await page.goto('/profile');
  await expect(page).toHaveURL(atPath('/login'));
});

test('/logout signs out as well', async ({ page, request, user }) => {
  await open(page, '/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(atPath('/dashboard'));
  const token = await tabToken(page);

  await page.goto('/logout');
  await expect(page).toHaveURL(atPath('/login'));
  expect(await tabToken(page)).toBeNull();
  expect(await userStatus(request, token as string)).toBe(401);
});

test('/logout leaves for /login even when the server does not answer', async ({ page, user }) => {
  await open(page, '/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(atPath('/dashboard'));

  // The revocation call never gets an answer (a stalled network or server).
  await page.route(`**/api${logout.path}`, () => {});
  await page.goto('/logout');
  await expect(page).toHaveURL(atPath('/login'), { timeout: 9_000 });
  expect(await tabToken(page)).toBeNull();
});

test('a wrong password shows the error and stays on /login', async ({ page, user }) => {
  await open(page, '/login');
  await fillLogin(page, user.email, `${user.password}-wrong`);

  const alert = page.locator('#login-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveText(text('login.invalidCredentials'));
  await expect(page).toHaveURL(atPath('/login'));
  // The password is cleared for the next try; the address stays.
  await expect(page.locator('#login-password')).toHaveValue('');
  await expect(page.locator('#login-email')).toHaveValue(user.email);
  expect(await tabToken(page)).toBeNull();

  // The same form then accepts the right password.
  await page.locator('#login-password').fill(user.password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(atPath('/dashboard'));
});

test('an unknown address gets the same answer as a wrong password', async ({ page }) => {
  await open(page, '/login');
  await fillLogin(page, 'nobody-e2e@example.com', 'Whatever-Password-123');
  await expect(page.locator('#login-alert')).toHaveText(text('login.invalidCredentials'));
  await expect(page).toHaveURL(atPath('/login'));
});

test('after login the user is back on the page they wanted', async ({ page, user }) => {
  await page.goto('/profile/settings');
  await expect(page).toHaveURL(atPath('/login'));
  await fillLogin(page, user.email, user.password);

  await expect(page).toHaveURL(atPath('/profile/settings'));
  await expect(page.locator('h1#page-heading')).toHaveText(text('settings.heading'));
});

test('the login page speaks German with ?lang=de', async ({ page }) => {
  await open(page, '/login?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-ch');
  await expect(page.locator('h1#page-heading')).toHaveText(
    text('login.heading', {}, 'account', 'de-ch'),
  );
  await expect(page.getByLabel(text('field.email', {}, 'account', 'de-ch'))).toBeVisible();
  await expect(
    page.getByLabel(text('field.password', {}, 'account', 'de-ch'), { exact: true }),
  ).toBeVisible();
  await expect(page.locator('form button[type=submit]')).toHaveText(
    text('login.submit', {}, 'account', 'de-ch'),
  );
  // German and English really differ here, so this checks the language, not the key.
  expect(text('login.heading', {}, 'account', 'de-ch')).not.toBe(text('login.heading'));

  // The choice is remembered for the next page without the query.
  await open(page, '/password-reset');
  await expect(page.locator('h1#page-heading')).toHaveText(
    text('reset.heading', {}, 'account', 'de-ch'),
  );
});
