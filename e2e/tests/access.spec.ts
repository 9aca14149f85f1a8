/**
 * Route access by role (spec section 6). Roles covered: unauthenticated, user (no business) and
 * admin (business created through the API). The member role is left out: there is no API yet to
 * add a member to a business, and the console's rule for members (the 'not allowed' message and
 * the way back to /) is unit-tested in admin/src/access.test.ts. The site has no page yet that a
 * signed-in user may not open (the "unauthorised, logged in → 404 page" case), so that case is
 * covered by site/src/lib/roles.test.ts until such a page exists.
 */
import type { Page } from '@playwright/test';
import {
  atPath,
  createAccount,
  createBusiness,
  fillLogin,
  open,
  signInWithCookie,
  text,
} from '../support/app.ts';
import { expect, test } from '../support/fixtures.ts';

/** Opens `from` and expects to end on `to` (the redirect may be client-side). */
async function expectRedirect(page: Page, from: string, to: string): Promise<void> {
  await page.goto(from);
  await expect(page, `${from} should lead to ${to}`).toHaveURL(atPath(to));
}

test.describe('a signed-out visitor', () => {
  const pages = [
    '/dashboard',
    '/',
    '/welcome',
    '/profile',
    '/profile/settings',
    '/profile/change-password',
    '/profile/confirm',
    '/logout',
  ];

  test('is sent to /login from every page that needs an account', async ({ page }) => {
    for (const path of pages) {
      await expectRedirect(page, path, '/login');
      await expect(page.locator('h1#page-heading')).toHaveText(text('login.heading'));
    }
  });

  test('is sent to /login from the console', async ({ page }) => {
    for (const path of ['/business/dashboard', '/business/members', '/business/register']) {
      await expectRedirect(page, path, '/login');
    }
  });

  test('may open the pages for signed-out people', async ({ page }) => {
    for (const path of ['/login', '/signup', '/password-reset']) {
      await open(page, path);
      await expect(page).toHaveURL(atPath(path));
      await expect(page.locator('h1#page-heading')).toBeVisible();
    }
  });

  test('returns to the console page they wanted after logging in', async ({ page, user }) => {
    await expectRedirect(page, '/business/register', '/login');
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(atPath('/business/register'));
    await expect(
      page.getByRole('heading', { name: text('register.title', {}, 'admin') }),
    ).toBeVisible();
  });
});

test.describe('a signed-in user without a business', () => {
  test('is sent from /login to the dashboard (login is for signed-out people only)', async ({
    page,
    context,
    user,
    baseURL,
  }) => {
    await signInWithCookie(context, baseURL, user.token);
    await expectRedirect(page, '/login', '/dashboard');
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  });

  test('keeps the header and its navigation on a page that does not exist', async ({
    page,
    context,
    user,
    baseURL,
  }) => {
    await signInWithCookie(context, baseURL, user.token);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('header.header nav a[href="/dashboard"]')).toBeVisible();
    await expect(page.locator('h1')).toBeVisible();
  });

  test('is sent to /business/register from the admin pages of the console', async ({
    page,
    context,
    user,
    baseURL,
  }) => {
    await signInWithCookie(context, baseURL, user.token);
    for (const path of [
      '/business/members',
      '/business/dashboard',
      '/business/profile',
      '/business',
    ]) {
      await expectRedirect(page, path, '/business/register');
    }
    await expect(
      page.getByRole('heading', { name: text('register.title', {}, 'admin') }),
    ).toBeVisible();
  });

  test('reaches the console with the session of the site (no second login)', async ({
    page,
    user,
  }) => {
    await open(page, '/login');
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(atPath('/dashboard'));

    await page.goto('/business/register');
    await expect(page).toHaveURL(atPath('/business/register'));
    await expect(
      page.getByRole('heading', { name: text('register.title', {}, 'admin') }),
    ).toBeVisible();
    // The console knows who is signed in: it offers the account's address for the business.
    await expect(page.getByLabel(text('register.email', {}, 'admin'))).toHaveValue(user.email);

    // A new tab of the same browser shares the session too (through the tab cookie).
    const tab = await page.context().newPage();
    await tab.goto('/business/dashboard');
    await expect(tab).toHaveURL(atPath('/business/register'));
    await tab.close();
  });
});

test.describe('a business admin', () => {
  test('is sent from registration and business signup to the business profile', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const account = await createAccount(request, 'admin');
    const business = await createBusiness(request, account, 'Admin Redirect AG');
    await signInWithCookie(context, baseURL, account.token);

    for (const path of ['/business/register', '/business/signup']) {
      await expectRedirect(page, path, '/business/profile');
      await expect(page.getByLabel(text('profile.name', {}, 'admin'))).toHaveValue(business.name);
    }
  });

  test('may open the console dashboard and is still strict-redirected from /login', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const account = await createAccount(request, 'admin-pages', { firstName: 'Adele' });
    const business = await createBusiness(request, account, 'Admin Pages GmbH');
    await signInWithCookie(context, baseURL, account.token);

    await expectRedirect(page, '/business', '/business/dashboard');
    await expect(
      page.getByRole('heading', {
        name: text('dashboard.greeting', { name: 'Adele' }, 'admin'),
      }),
    ).toBeVisible();
    await expect(page.getByText(business.name)).toBeVisible();

    await expectRedirect(page, '/login', '/dashboard');
    // The site offers the way to the console to business members.
    await expect(page.getByRole('link', { name: text('nav.business', {}, 'site') })).toBeVisible();
  });
});
