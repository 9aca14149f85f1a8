/**
 * Plans and trials as a business admin meets them (issue 14): the plan page shows the trial, its
 * end and the seats; the admin adds seats; the trial runs out (the test-mode billing clock) and
 * the business is locked as spec section 6 says — the admin is sent to the members page, a member
 * sees the locked-member dialog — until the admin upgrades on the sandbox provider's card page:
 * the declined test card is refused there, the success card starts the plan by webhook.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BILLING_CLOCK_PATH, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import {
  api,
  apiPath,
  atPath,
  createAccount,
  createBusiness,
  hydrated,
  settled,
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
  const [admin, member] = await Promise.all([
    createAccount(request, 'billing-admin', { firstName: 'Åsa' }),
    createAccount(request, 'billing-member', { firstName: 'Jürg' }),
  ]);
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

  // Add seats through the add seats overlay.
  await page.getByRole('button', { name: t('billing.add_seats') }).click();
  const overlay = page.getByRole('dialog', { name: t('billing.add_seats_title') });
  await overlay.getByLabel(t('billing.add_seats_input')).fill('3');
  await expect(overlay.getByTestId('add-seats-total')).toHaveText(
    t('billing.add_seats_total', { total: '8' }),
  );
  await overlay.getByRole('button', { name: t('billing.add_seats_confirm') }).click();
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

/**
 * Seats and invoices (issue 14): an invitation beyond the seats opens the add seats overlay and
 * goes out once seats are added; the admin upgrades with the sandbox's success card, sees the
 * success card and the first invoice (a PDF), cancels the plan and keeps it after all. The plan
 * page and the overlay are photographed at 1280 and 390 px in English and German.
 */
test('seats are added from a refused invitation; the upgrade shows its invoice; a plan is cancelled and kept', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const t = (key: string, vars: Record<string, string> = {}) => text(key, vars, 'admin');
  const admin = await createAccount(request, 'invoice-admin', { firstName: 'Noémie' });
  await createBusiness(request, admin, 'Rechnung & Söhne AG');
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(context, baseURL, admin.token);
  const page = await context.newPage();

  // Five invitations for a trial's five seats (the admin takes one): the overlay offers one more.
  await page.goto('/business/members');
  await page.getByRole('button', { name: t('members.invite') }).click();
  const addresses = [1, 2, 3, 4, 5].map((n) => `seat${n}.${Date.now()}@example.org`);
  await page.getByLabel(t('members.invite_addresses')).fill(addresses.join('\n'));
  await page.getByRole('button', { name: t('members.invite_send') }).click();
  const overlay = page.getByRole('dialog', { name: t('billing.add_seats_title') });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByLabel(t('billing.add_seats_input'))).toHaveValue('1');
  await expect(overlay.getByTestId('add-seats-total')).toHaveText(
    t('billing.add_seats_total', { total: '6' }),
  );
  await overlay.getByRole('button', { name: t('billing.add_seats_confirm') }).click();
  // Seats added, the invitations go out by themselves.
  await expect(page.getByText(t('members.invited', { smart_count: '5' }))).toBeVisible();
  await expect(overlay).toHaveCount(0);

  // Upgrade with the success card: back on the plan page with the success card and an invoice.
  await page.goto('/business/upgrade');
  const pro = page.getByRole('region', { name: t('upgrade.tier_pro') });
  await pro.getByRole('button', { name: t('upgrade.choose') }).click();
  await expect(page).toHaveURL(/\/sandbox\/payments\/setup\/seti_/);
  await page.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.succeeds);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(atPath('/business/billing/plan'), { timeout: 20_000 });
  await expect(page.getByText(t('billing.card_active'))).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText(t('billing.plan_PRO_V1'));
  await expect(page.getByTestId('billing-card')).toHaveText(
    t('billing.card_ending', { last4: '4242' }),
  );
  const invoices = page.getByRole('list', { name: t('billing.invoices') });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: /.+/ }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-TEST-.+\.pdf$/);
  const saved = testInfo.outputPath('invoice.pdf');
  await download.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

  // Cancel: the plan is cancelling until its period ends; keep it after all.
  await page.getByRole('button', { name: t('billing.cancel_subscription') }).click();
  const dialog = page.getByRole('dialog', { name: t('billing.cancel_subscription_title') });
  await dialog.getByRole('button', { name: t('billing.cancel_subscription_confirm') }).click();
  await expect(page.getByTestId('billing-cancelling')).toBeVisible();
  await expect(page.getByTestId('billing-period-end')).toBeVisible();
  await page.getByRole('button', { name: t('billing.revoke_cancel') }).click();
  await expect(page.getByTestId('billing-cancelling')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('billing.cancel_subscription') })).toBeVisible();

  // Look at it: 1280 and 390 px, English and German; nothing scrolls sideways.
  for (const lang of ['en', 'de'] as const) {
    const changed = await request.put(apiPath(api.updateUser), {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { attributes: { lang } },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    for (const width of [1280, 390]) {
      const shot = await context.newPage();
      await shot.setViewportSize({ width, height: 900 });
      await shot.goto('/business/billing/plan');
      await expect(shot.getByTestId('billing-card')).toBeVisible();
      const wide = await shot.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(wide, `${lang} ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await shot.screenshot({
        path: testInfo.outputPath(`plan-${lang}-${width}.png`),
        fullPage: true,
      });
      await shot
        .getByRole('button', {
          name: text('billing.add_seats', {}, 'admin', lang === 'de' ? 'de-ch' : 'en-gb'),
        })
        .click();
      await expect(shot.getByRole('dialog')).toBeVisible();
      await settled(shot.getByRole('dialog'));
      await shot.screenshot({ path: testInfo.outputPath(`add-seats-${lang}-${width}.png`) });
      await shot.close();
    }
  }
  await context.close();
});
