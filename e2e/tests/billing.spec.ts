/**
 * Plans and trials as a business admin meets them (issue 14): the plan page shows the trial, its
 * end and the seats; the admin adds seats; the trial runs out (the test-mode billing clock) and
 * the business is locked as spec section 6 says — the admin is sent to the members page, a member
 * sees the locked-member dialog.
 */
import { expect, test } from '@playwright/test';
import { BILLING_CLOCK_PATH } from '@signet/shared/billing/billing.constants';
import {
  api,
  apiPath,
  atPath,
  createAccount,
  createBusiness,
  hydrated,
  signInWithCookie,
  text,
} from '../support/app.ts';

test('a trial shows its end and seats, takes more seats, and locks the business when it runs out', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const t = (key: string, vars: Record<string, string> = {}) => text(key, vars, 'admin');
  const admin = await createAccount(request, 'billing-admin', { firstName: 'Åsa' });
  const member = await createAccount(request, 'billing-member', { firstName: 'Jürg' });
  const business = await createBusiness(request, admin, 'Trial Ärzte GmbH');
  const invited = await request.post(
    apiPath(api.inviteBusinessMembers, { params: { id: business.id } }),
    {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { users: [member.email] },
    },
  );
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.post(apiPath(api.acceptUser), {
    headers: { authorization: `Bearer ${member.token}` },
    data: { business_invite: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(context, baseURL, admin.token);
  const page = await context.newPage();
  await page.goto('/business/billing/plan');
  await expect(page.getByTestId('billing-plan')).toHaveText(t('billing.plan_TRIAL'));
  await expect(page.getByTestId('billing-payment')).toHaveText(t('billing.payment_TRIALING'));
  await expect(page.getByTestId('billing-trial-end')).toBeVisible();
  await expect(page.getByTestId('billing-seats')).toHaveText(
    t('billing.seats_value', { used: '2', total: '5' }),
  );

  // Add seats.
  await page.getByLabel(t('billing.seats_input')).fill('8');
  await page.getByRole('button', { name: t('billing.seats_save') }).click();
  await expect(page.getByText(t('billing.seats_saved'))).toBeVisible();
  await expect(page.getByTestId('billing-seats')).toHaveText(
    t('billing.seats_value', { used: '2', total: '8' }),
  );

  // The trial runs out: the clock of the test system moves on a month.
  const moved = await request.post(BILLING_CLOCK_PATH, {
    data: { businessId: business.id, days: 31 },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // The admin reaches only the members pages now.
  const locked = await context.newPage();
  await locked.goto('/business/billing/plan');
  await expect(locked).toHaveURL(atPath('/business/members'));
  await locked.goto('/business/settings');
  await expect(locked).toHaveURL(atPath('/business/members'));

  // A member sees the locked-member dialog on the site.
  const memberContext = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(memberContext, baseURL, member.token);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/dashboard');
  await hydrated(memberPage);
  const dialog = memberPage.getByRole('dialog');
  await expect(dialog).toContainText(text('business.locked.title', {}, 'site'));
  await expect(dialog).toContainText(text('business.locked.text', { name: business.name }, 'site'));
  await context.close();
  await memberContext.close();
});
