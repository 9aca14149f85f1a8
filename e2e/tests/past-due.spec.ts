/**
 * A renewal that fails (issue 14): an individual bought the plan with a card that pays, then saved
 * the sandbox's card whose charges fail (4000 0000 0000 0341) in the customer portal; the plan clock of the test system moves past the period's
 * end, the renewal fails and /upgrade warns. "Update card" opens the provider's customer portal,
 * a new card pays the open invoice, and back on /upgrade the warning is gone. Screenshots of the
 * warning at 1280 and 390 px in English, German and French.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import { PLAN_SANDBOX_PATH } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import type { TUserLang } from '@signet/shared/user/user.constants';
import { api, apiPath, createAccount, hydrated, signInWithCookie, text } from '../support/app.ts';
import { seriousViolations } from '../support/axe.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function planOf(request: APIRequestContext, token: string): Promise<TUserPlan> {
  const res = await request.get(apiPath(api.getUserPlan), { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as TUserPlan;
}

/** An account on the individual plan whose renewal failed (the webhooks delivered). */
async function pastDueAccount(request: APIRequestContext, lang: TUserLang) {
  const person = await createAccount(request, `past-due-${lang}`, { lang });
  // The card whose charges fail replaces it in the customer portal (nothing is due: only saved).
  const portal = await request.post(apiPath(api.individualPortalSession), {
    headers: auth(person.token),
  });
  expect(portal.status(), await portal.text()).toBe(200);
  const { redirectUrl } = (await portal.json()) as { redirectUrl: string };
  const saved = await request.post(
    `${new URL(redirectUrl).pathname}${PAYMENT_SANDBOX.portalCardPath}`,
    { form: { number: PAYMENT_SANDBOX.cards.chargesFail } },
  );
  expect(saved.status(), await saved.text()).toBe(200);
  // The purchase's events may arrive after the renewal's (the worker delivers them): the
  // sandbox numbers its events, so an older one of the same second never takes past_due back.
  const user = await request.get(apiPath(api.getUser), { headers: auth(person.token) });
  const { id } = (await user.json()) as { id: string };
  const clock = await request.post(`${PLAN_SANDBOX_PATH}/clock`, {
    data: { userId: id, days: 32 },
  });
  expect(clock.status(), await clock.text()).toBe(200);
  // The provider's webhooks come by the worker, after a moment.
  await expect
    .poll(async () => (await planOf(request, person.token)).individual?.paymentIssue, {
      timeout: 30_000,
    })
    .toBe(true);
  return person;
}

/** The warning on /upgrade, in 1280 and 390 px screenshots; nothing scrolls sideways. */
async function shootWarning(page: Page, name: string, t: (key: string) => string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/upgrade');
  await hydrated(page);
  const warning = page.getByTestId('individual-payment-issue');
  await expect(warning).toContainText(t('upgrade.individual.paymentIssue'));
  await expect(
    warning.getByRole('button', { name: t('upgrade.individual.updateCard') }),
  ).toBeVisible();
  expect(await seriousViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa'])).toEqual([]);
  const shots = test.info().outputPath();
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(warning).toBeVisible();
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await expect
    .poll(() => page.evaluate('document.documentElement.scrollWidth > window.innerWidth'))
    .toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
  return warning;
}

test('a failed renewal warns on /upgrade until a new card in the portal pays it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const person = await pastDueAccount(request, 'en');
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(context, baseURL, person.token);
  const page = await context.newPage();
  const t = (key: string) => text(key);
  const warning = await shootWarning(page, 'past-due-en', t);

  await warning.getByRole('button', { name: t('upgrade.individual.updateCard') }).click();
  await expect(page).toHaveURL(/\/sandbox\/payments\/portal\//);
  await expect(page.getByText('Card ending in 0341')).toBeVisible();
  await page.getByLabel('New card number').fill(PAYMENT_SANDBOX.cards.succeeds);
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('status')).toContainText('the open invoice is paid');
  await expect(page.getByText('Card ending in 4242')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('portal-paid.png'), fullPage: true });
  await page.getByRole('link', { name: 'Back to Signet' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);

  // The provider's webhooks (invoice paid, subscription active) arrive; the warning goes.
  await expect
    .poll(async () => (await planOf(request, person.token)).individual?.paymentIssue, {
      timeout: 30_000,
    })
    .toBe(false);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('individual-plan')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('individual-payment-issue')).toHaveCount(0);
  await context.close();
});

for (const [lang, dir, locale] of [
  ['de', 'de-ch', 'de-CH'],
  ['fr', 'fr-ch', 'fr-CH'],
] as const) {
  test(`the failed-renewal warning and its button (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const person = await pastDueAccount(request, lang);
    const context = await browser.newContext({ baseURL, locale });
    await signInWithCookie(context, baseURL, person.token);
    const page = await context.newPage();
    await shootWarning(page, `past-due-${lang}`, (key) => text(key, {}, 'account', dir as TLang));
    await context.close();
  });
}
