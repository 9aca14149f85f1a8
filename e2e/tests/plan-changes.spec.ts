/**
 * Leaving and changing an individual's plan (issue 14): the free plan downgrade from /upgrade
 * (cancel at the period's end, keep it, then the period ends and uploading is refused again), and
 * the legacy free plan's free migration and fair-flat migration dialogs on the dashboard.
 * Each test makes its own account; the plan hooks of the test system move only that account.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { PLAN_SANDBOX_PATH } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import {
  api,
  apiPath,
  atPath,
  createAccount,
  hydrated,
  settled,
  signInWithCookie,
  text,
} from '../support/app.ts';
import { seriousViolations } from '../support/axe.ts';
import { rqText } from '../support/requests.ts';

const site = (key: string, vars: Record<string, string> = {}) => text(key, vars, 'site');

async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(apiPath(api.getUser), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function planOf(request: APIRequestContext, token: string): Promise<TUserPlan> {
  const res = await request.get(apiPath(api.getUserPlan), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as TUserPlan;
}

async function pageFor(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  token: string,
) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(context, baseURL, token);
  return context;
}

async function openUpgrade(page: Page): Promise<void> {
  await page.goto('/upgrade');
  await hydrated(page);
}

test('the individual plan is cancelled for its period end, kept, cancelled again, and then ends', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(request, 'plan-cancel');
  const context = await pageFor(browser, baseURL, person.token);
  const page = await context.newPage();
  await openUpgrade(page);

  const section = page.getByTestId('individual-plan');
  await expect(section).toHaveAttribute('data-state', 'active', { timeout: 30_000 });
  await expect(section).toContainText(text('upgrade.monthly'));
  await section.getByRole('button', { name: text('upgrade.downgrade') }).click();

  const dialog = page.getByRole('dialog', { name: site('plan.downgrade.title') });
  await expect(dialog).toBeVisible();
  await settled(dialog);
  expect(await seriousViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa'])).toEqual([]);
  // "Keep my plan" closes it and changes nothing.
  await dialog.getByRole('button', { name: site('plan.downgrade.keep') }).click();
  await expect(dialog).toHaveCount(0);
  expect((await planOf(request, person.token)).individual?.state).toBe('active');

  await section.getByRole('button', { name: text('upgrade.downgrade') }).click();
  await dialog.getByRole('button', { name: site('plan.downgrade.confirm') }).click();
  await expect(section).toHaveAttribute('data-state', 'cancelling');
  const cancelling = await planOf(request, person.token);
  expect(cancelling.individual?.endsAt).toBe(cancelling.individual?.periodEndsAt);

  // Revocable until then.
  await section.getByRole('button', { name: text('upgrade.keep') }).click();
  await expect(section).toHaveAttribute('data-state', 'active');
  expect((await planOf(request, person.token)).individual?.endsAt).toBeNull();

  // Cancelled again, the period ends (the test system's plan clock): the free plan again.
  await section.getByRole('button', { name: text('upgrade.downgrade') }).click();
  await dialog.getByRole('button', { name: site('plan.downgrade.confirm') }).click();
  await expect(section).toHaveAttribute('data-state', 'cancelling');
  const moved = await request.post(`${PLAN_SANDBOX_PATH}/clock`, {
    data: { userId: await userIdOf(request, person.token), days: 32 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await openUpgrade(page);
  await expect(page.getByTestId('current-plan')).toHaveAttribute('data-plan', 'free');
  await expect(page.getByTestId('individual-ended')).toBeVisible();
  await expect(page.getByRole('button', { name: text('upgrade.buy') })).toBeEnabled();

  await page.goto('/upload');
  await hydrated(page);
  await expect(page.getByTestId('plan-blocked')).toContainText(rqText('upload.planTitle'));
  await context.close();
});

/** A free account put on the legacy free plan (the test system's hook), signed in. */
async function legacyPage(
  browser: import('@playwright/test').Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
  tag: string,
) {
  const person = await createAccount(request, tag, { plan: 'free' });
  const legacy = await request.post(`${PLAN_SANDBOX_PATH}/legacy`, {
    data: { userId: await userIdOf(request, person.token) },
  });
  expect(legacy.status(), await legacy.text()).toBe(200);
  const context = await pageFor(browser, baseURL, person.token);
  return { person, context };
}

test('a legacy free account is asked once per session, and moves to the new free plan', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { person, context } = await legacyPage(browser, request, baseURL, 'free-migration');
  const page = await context.newPage();
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: site('plan.migration.title') });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await settled(dialog);
  expect(await seriousViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa'])).toEqual([]);

  // The fair-flat migration shows the individual plan's flat prices (EUR: not a .ch host).
  await dialog.getByRole('button', { name: site('plan.migration.fairFlat') }).click();
  const fairFlat = page.getByRole('dialog', { name: site('plan.fairFlat.title') });
  await expect(fairFlat).toBeVisible();
  await expect(
    fairFlat.getByRole('button', { name: site('plan.fairFlat.monthly', { price: '€15.00' }) }),
  ).toBeVisible();
  await expect(
    fairFlat.getByRole('button', { name: site('plan.fairFlat.yearly', { price: '€150.00' }) }),
  ).toBeVisible();
  await fairFlat.getByRole('button', { name: site('plan.migration.later') }).click();
  await expect(fairFlat).toHaveCount(0);

  // Once per tab session: not again on this tab.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // A new tab asks again; switching moves the account to the new free plan.
  const second = await context.newPage();
  await second.goto('/dashboard');
  const again = second.getByRole('dialog', { name: site('plan.migration.title') });
  await expect(again).toBeVisible({ timeout: 30_000 });
  await again.getByRole('button', { name: site('plan.migration.accept') }).click();
  await expect(second.getByText(site('plan.migration.done'))).toBeVisible();
  const plan = await planOf(request, person.token);
  expect(plan).toMatchObject({ freeAccountType: 'free_migrated', uploadAllowed: false });

  const third = await context.newPage();
  await third.goto('/dashboard');
  await hydrated(third);
  await expect(third.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(third.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('the fair-flat migration buys the individual plan with the card and leaves the legacy plan', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { person, context } = await legacyPage(browser, request, baseURL, 'fair-flat');
  const page = await context.newPage();
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: site('plan.migration.title') });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: site('plan.migration.fairFlat') }).click();
  const fairFlat = page.getByRole('dialog', { name: site('plan.fairFlat.title') });
  await fairFlat
    .getByRole('button', { name: site('plan.fairFlat.yearly', { price: '€150.00' }) })
    .click();

  await expect(page).toHaveURL((url) => url.pathname.startsWith(`${PAYMENT_SANDBOX.path}/setup/`));
  await page.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.succeeds);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(atPath('/upgrade'));
  await expect(page.getByTestId('upgrade-done')).toBeVisible();
  await expect(page.getByTestId('individual-plan')).toContainText(text('upgrade.yearly'));
  const plan = await planOf(request, person.token);
  expect(plan).toMatchObject({
    kind: 'individual',
    freeAccountType: 'free_migrated',
    individual: { cycle: 'yearly', state: 'active' },
  });
  await context.close();
});
