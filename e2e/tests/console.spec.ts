import { expect, test } from '@playwright/test';
import { atPath, createAccount, fillLogin, open, tabToken, text } from '../support/app.ts';

test('a user without a business creates one in the console and lands on its profile', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'console');
  const name = `Muster Treuhand ${Date.now().toString(36)} AG`;

  await open(page, '/login');
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(atPath('/dashboard'));
  // Not a member of any business yet: the site offers no way to the console.
  await expect(page.getByRole('link', { name: text('nav.business', {}, 'site') })).toHaveCount(0);

  await page.goto('/business');
  await expect(page).toHaveURL(atPath('/business/register'));
  await expect(
    page.getByRole('heading', { name: text('register.title', {}, 'admin') }),
  ).toBeVisible();

  // The name is required: an empty form is not sent.
  await page.getByRole('button', { name: text('register.submit', {}, 'admin') }).click();
  await expect(page).toHaveURL(atPath('/business/register'));
  const nameField = page.getByLabel(text('register.name', {}, 'admin'));
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');

  await nameField.fill(name);
  await expect(page.getByLabel(text('register.email', {}, 'admin'))).toHaveValue(account.email);
  await page.getByLabel(text('register.phone', {}, 'admin')).fill('044 123 4567');
  await page.getByRole('button', { name: text('register.submit', {}, 'admin') }).click();

  await expect(page).toHaveURL(atPath('/business/profile'));
  await expect(page.getByText(text('register.created', {}, 'admin'))).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();

  // The business exists on the server with the user as its admin.
  const token = await tabToken(page);
  const res = await request.get('/api/v2/businesses/user', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const business = (await res.json()) as { name: string; admins: string[] };
  expect(business.name).toBe(name);
  expect(business.admins).toHaveLength(1);

  // Now an admin: registration leads to the profile, and the site links to the console.
  await page.goto('/business/register');
  await expect(page).toHaveURL(atPath('/business/profile'));
  await open(page, '/dashboard');
  await expect(page.getByRole('link', { name: text('nav.business', {}, 'site') })).toBeVisible();
});
