import { expect, test } from '@playwright/test';
import {
  api,
  apiPath,
  atPath,
  createAccount,
  createBusiness,
  fillLogin,
  open,
  signInWithCookie,
  tabToken,
  text,
} from '../support/app.ts';

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

  // The name is required: the server refuses an empty one, shown on the field.
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
  await expect(page.getByLabel(text('profile.name', {}, 'admin'))).toHaveValue(name);
  await expect(page.getByLabel(text('profile.email', {}, 'admin'), { exact: true })).toHaveValue(
    account.email,
  );

  // The business exists on the server with the user as its admin.
  const token = await tabToken(page);
  const res = await request.get(apiPath(api.getUserBusiness), {
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

/**
 * The business profile and its admins through the console's data provider, in every language the
 * console offers (spec sections 1 and 5: Italian is direct-sign only, so the console shows en, de
 * and fr). A value the server's rules refuse comes back onto its field, in the page's language,
 * and nothing is saved; valid values are saved and shown again.
 */
for (const [lang, code] of [
  ['en-gb', 'en'],
  ['de-ch', 'de'],
  ['fr-ch', 'fr'],
] as const) {
  test(`an admin edits the business profile and sees its admins (${lang})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const t = (key: string, vars: Record<string, string> = {}) => text(key, vars, 'admin', lang);
    const account = await createAccount(request, `profile-${code}`, {
      firstName: 'Zoë',
      lastName: 'Łukaszewicz',
      lang: code,
    });
    const business = await createBusiness(request, account, `Müller & Söhne ${code.toUpperCase()}`);
    await signInWithCookie(context, baseURL, account.token);

    await page.goto('/business/profile');
    await expect(page).toHaveURL(atPath('/business/profile'));
    const name = page.getByLabel(t('profile.name'));
    await expect(name).toHaveValue(business.name);
    await expect(page).toHaveTitle(`${t('profile.title')} - Signet`);

    // The admins, from GET /v1/businesses/{id}/admins.
    const admins = page.getByRole('table');
    await expect(admins.getByRole('columnheader', { name: t('admins.name') })).toBeVisible();
    await expect(admins.getByRole('cell', { name: 'Zoë Łukaszewicz' })).toBeVisible();
    await expect(admins.getByRole('cell', { name: account.email })).toBeVisible();

    // Refused by the server's rules: shown on the fields, nothing saved.
    const supportEmail = page.getByLabel(t('profile.support_email'));
    const supportPhone = page.getByLabel(t('profile.support_phone'));
    await supportEmail.fill('not-an-address');
    await supportPhone.fill('12');
    await name.fill('');
    await page.getByRole('button', { name: t('ra.action.save') }).click();
    await expect(supportEmail).toHaveAttribute('aria-invalid', 'true');
    await expect(supportPhone).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    const field = (input: typeof name) =>
      page.locator('.MuiFormControl-root', { has: input }).locator('.MuiFormHelperText-root');
    await expect(field(supportEmail)).toHaveText(t('ra.validation.email'));
    await expect(field(supportPhone)).toHaveText(t('ra.validation.regex'));
    await expect(field(name)).toHaveText(t('ra.validation.required'));
    const unchanged = await request.get(apiPath(api.getUserBusiness), {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(((await unchanged.json()) as { name: string }).name).toBe(business.name);

    // Valid values are saved.
    const renamed = `${business.name} AG`;
    await name.fill(renamed);
    await supportEmail.fill('Hilfe@Example.CH');
    await supportPhone.fill('044 123 4567');
    await page.getByRole('button', { name: t('ra.action.save') }).click();
    await expect(page.getByText(t('profile.saved'))).toBeVisible();
    await expect(supportEmail).not.toHaveAttribute('aria-invalid', 'true');
    const saved = await request.get(apiPath(api.getUserBusiness), {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(await saved.json()).toMatchObject({
      name: renamed,
      settings: { supportContact: { email: 'hilfe@example.ch', phone: '044 123 4567' } },
    });
    await page.reload();
    await expect(page.getByLabel(t('profile.support_email'))).toHaveValue('hilfe@example.ch');
    await expect(page.getByLabel(t('profile.name'))).toHaveValue(renamed);
  });
}
