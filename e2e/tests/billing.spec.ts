/**
 * Plans and trials as a business admin meets them (issue 14): the plan page shows the trial, its
 * end and the seats; the admin adds seats; the trial runs out (the test-mode billing clock) and
 * the business is locked as spec section 6 says — the admin is sent to the members page, a member
 * sees the locked-member dialog — until the admin upgrades on the sandbox provider's card page:
 * the declined test card is refused there, the success card starts the plan by webhook.
 */
import { expect, test } from '@playwright/test';
import { BILLING_CLOCK_PATH, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
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

test('a trial shows its end and seats, takes more seats, locks the business when it runs out, and a card unlocks it', async ({
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

  // The admin upgrades: the upgrade page stays open, the sandbox's card page takes the card.
  await locked.getByRole('menuitem', { name: t('menu.upgrade') }).click();
  await expect(locked).toHaveURL(atPath('/business/upgrade'));
  const pro = locked.getByRole('region', { name: t('upgrade.tier_pro') });
  await pro.getByRole('button', { name: t('upgrade.choose') }).click();
  await expect(locked).toHaveURL(/\/sandbox\/payments\/setup\/seti_/);
  await expect(locked.getByText('Test System')).toBeVisible();
  await locked.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.declined);
  await locked.getByRole('button', { name: 'Save card' }).click();
  await expect(locked.getByRole('alert')).toHaveText('Your card was declined.');
  await locked.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.succeeds);
  await locked.getByRole('button', { name: 'Save card' }).click();
  // The provider's webhook arrives a moment later and starts the plan: on to the plan page.
  await expect(locked).toHaveURL(atPath('/business/billing/plan'), { timeout: 20_000 });
  await expect(locked.getByTestId('billing-payment')).toHaveText(t('billing.payment_STRIPE'));
  await expect(locked.getByTestId('billing-plan')).toHaveText(t('billing.plan_PRO_V1'));
  await expect(locked.getByText(t('billing.card_active'))).toBeVisible();
  await locked.goto('/business/settings');
  await expect(locked).toHaveURL(atPath('/business/settings'));
  // The member's dialog is gone.
  await memberPage.goto('/dashboard');
  await hydrated(memberPage);
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(memberPage.getByRole('dialog')).toHaveCount(0);
  await context.close();
  await memberContext.close();
});
