/**
 * The upgrade page's prices (issue 14): each plan shows the server's preview — the plan for the
 * seats, VAT, the total due now and the renewal — a promo code adds its discount line, a code that
 * does not exist is refused with the server's reason, and the code goes with the card: the plan
 * starts with the discount taken. Screenshots at 1280 and 390 px in English and German.
 */
import { expect, test } from '@playwright/test';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TUserLang } from '@signet/shared/user/user.constants';
import { atPath, createAccount, createBusiness, signInWithCookie, text } from '../support/app.ts';

const euro = (minor: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(minor / 100);

for (const [lang, locale] of [
  ['en', 'en-GB'],
  ['de', 'de-CH'],
] as const) {
  test(`the upgrade page prices each plan with VAT and a promo code (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const admin = await createAccount(request, `upgrade-${lang}`, { lang: lang as TUserLang });
    await createBusiness(request, admin, `Preis ${lang} AG`);
    const t = (key: string, vars: Record<string, string> = {}) =>
      text(key, vars, 'admin', lang === 'de' ? 'de-ch' : 'en-gb');
    const context = await browser.newContext({ baseURL, locale });
    await signInWithCookie(context, baseURL, admin.token);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/business/upgrade');

    // The platform is EU (localhost): euros, the seller's German VAT; the trial's five seats.
    const pro = page.getByRole('region', { name: t('upgrade.tier_pro') });
    const preview = pro.getByTestId('preview-pro');
    await expect(preview).toContainText(t('upgrade.line_plan', { seats: '5' }));
    await expect(preview).toContainText(euro(22_500, locale));
    await expect(preview).toContainText(t('upgrade.line_vat', { rate: '19', country: 'DE' }));
    await expect(preview).toContainText(euro(26_775, locale));

    // A code that does not exist: the server's reason on every plan.
    const promo = page.getByLabel(t('upgrade.promo_label'));
    await promo.fill('nope');
    await page.getByRole('button', { name: t('upgrade.promo_apply') }).click();
    await expect(pro.getByRole('alert')).toHaveText(
      text('PROMO_CODE_INVALID', {}, 'errors', lang === 'de' ? 'de-ch' : 'en-gb'),
    );
    await page.getByRole('button', { name: t('upgrade.promo_remove') }).click();

    // TEST10: ten percent off the first invoice, VAT on what is left, the renewal at full price.
    await promo.fill('test10');
    await page.getByRole('button', { name: t('upgrade.promo_apply') }).click();
    await expect(preview).toContainText(t('upgrade.line_discount', { code: 'TEST10' }));
    await expect(preview).toContainText(`− ${euro(2_250, locale)}`);
    await expect(preview).toContainText(euro(24_098, locale));
    await expect(preview).toContainText(euro(26_775, locale));

    const shots = test.info().outputPath();
    await page.screenshot({ path: `${shots}/upgrade-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('preview-pro')).toBeVisible();
    await page.screenshot({ path: `${shots}/upgrade-${lang}-390.png`, fullPage: true });
    // Nothing scrolls sideways once the layout has settled on the narrow screen.
    await expect
      .poll(() => page.evaluate('document.documentElement.scrollWidth > window.innerWidth'))
      .toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The code goes with the card: the plan starts, and the page shows it taken.
    await pro.getByRole('button', { name: t('upgrade.choose') }).click();
    await expect(page).toHaveURL(/\/sandbox\/payments\/setup\/seti_/);
    await page.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.succeeds);
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page).toHaveURL(atPath('/business/billing/plan'), { timeout: 20_000 });
    await page.goto('/business/upgrade');
    await page.getByLabel(t('upgrade.promo_label')).fill('TEST10');
    await page.getByRole('button', { name: t('upgrade.promo_apply') }).click();
    await expect(pro.getByRole('alert')).toHaveText(
      text('PROMO_CODE_ALREADY_APPLIED', {}, 'errors', lang === 'de' ? 'de-ch' : 'en-gb'),
    );
    await context.close();
  });
}
