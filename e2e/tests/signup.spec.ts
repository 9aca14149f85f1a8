import { expect, test } from '@playwright/test';
import { SESSION_KEYS } from '@signet/shared/session/session.constants';
import {
  atPath,
  freshEmail,
  hydrated,
  mailLink,
  open,
  pathOf,
  STRONG_PASSWORD,
  text,
  userStatus,
} from '../support/app.ts';

test('signs up through the e-mail link and lands on an empty dashboard that survives a reload', async ({
  page,
  request,
}) => {
  const email = freshEmail('signup');

  await open(page, '/signup');
  await expect(page.locator('h1#page-heading')).toHaveText(text('signup.heading'));
  await page.getByLabel(text('field.email')).fill(email);
  await page.locator('form button[type=submit]').click();

  await expect(page).toHaveURL(atPath('/signup/mail-sent'));
  await expect(page.getByTestId('mail-sent-text')).toContainText(email);

  const link = await mailLink(request, email, '/signup/confirm');
  expect(new URL(link).searchParams.get('lang')).toBe('en');
  await page.goto(pathOf(link));

  await expect(page).toHaveURL(atPath('/signup/steps'));
  await hydrated(page);
  await expect(page.getByText(text('signupSteps.intro', { email }))).toBeVisible();
  await page.getByLabel(text('field.firstName')).fill('Erika');
  await page.getByLabel(text('field.lastName')).fill('Muster');

  const password = page.getByLabel(text('field.password'), { exact: true });
  const verdict = page.getByTestId('password-verdict');
  // The server's live check: a short password is refused, a strong one accepted.
  await password.fill('short');
  await expect(verdict).toHaveClass(/acc-verdict--bad/);
  await expect(verdict).toHaveText(text('password.TOO_SHORT'));
  await password.fill(STRONG_PASSWORD);
  await expect(verdict).toHaveClass(/acc-verdict--ok/);
  await expect(verdict).toHaveText(text('password.ok'));

  // Terms are required: submitting without them keeps the user here with the reason.
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('#steps-gtc-error')).toHaveText(text('signupSteps.gtcRequired'));
  await expect(page).toHaveURL(atPath('/signup/steps'));
  await hydrated(page);

  await page.getByLabel(text('signupSteps.gtc')).check();
  await page.locator('form button[type=submit]').click();

  await expect(page).toHaveURL(atPath('/welcome'));
  await expect(page.locator('h1#page-heading')).toHaveText(
    text('welcome.heading', { name: 'Erika' }),
  );
  const token = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token);
  expect(token).toBeTruthy();
  expect(await userStatus(request, token as string)).toBe(200);

  await page.getByRole('link', { name: text('welcome.dashboard') }).click();
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(page.locator('h1#page-heading')).toHaveText(text('dashboard.heading'));
  const empty = page.getByTestId('dashboard-empty');
  await expect(empty).toBeVisible();
  await expect(empty.getByRole('heading')).toHaveText(text('dashboard.empty'));
  await expect(page.locator('a[data-tab=inbox]')).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  // The shell loaded the user again from the kept token: the user menu shows the name.
  await expect(page.getByRole('button', { name: text('user.menu', {}, 'site') })).toContainText(
    'Erika Muster',
  );

  // The confirmation link is spent: opening it again says so instead of a second account.
  await page.goto(pathOf(link));
  await expect(page.locator('#confirm-invalid')).toHaveText(text('signupConfirm.invalidTitle'));
});
