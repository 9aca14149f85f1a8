/**
 * A first payment that fails (issue 14): the business admin saves the sandbox's card whose
 * charges fail (4000 0000 0000 0341) on the card page; back on the console's upgrade page the
 * first invoice's decline is shown and no plan starts. Photographed at 1280 and 390 px; nothing
 * scrolls sideways.
 */
import { expect, test } from '@playwright/test';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import { createAccount, createBusiness, signInWithCookie, text } from '../support/app.ts';

// English only in the suite (its time budget); German was photographed the same way.
for (const [lang, dir, locale] of [['en', 'en-gb', 'en-GB']] as const) {
  test(`a declined first payment starts no plan and says so (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = (key: string) => text(key, {}, 'admin', dir as TLang);
    const admin = await createAccount(request, `first-payment-${lang}`, { lang, plan: 'free' });
    await createBusiness(request, admin, `Erstzahlung ${lang} AG`);
    const context = await browser.newContext({ baseURL, locale });
    await signInWithCookie(context, baseURL, admin.token);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/business/upgrade');
    const pro = page.getByRole('region', { name: t('upgrade.tier_pro') });
    await pro.getByRole('button', { name: t('upgrade.choose') }).click();
    await expect(page).toHaveURL(/\/sandbox\/payments\/setup\/seti_/);
    await page.getByLabel('Card number').fill(PAYMENT_SANDBOX.cards.chargesFail);
    await page.getByRole('button', { name: 'Save card' }).click();
    // Saved, but the first invoice is declined: the page says so once the webhooks are in.
    const declined = page.getByTestId('first-payment-failed');
    await expect(declined).toHaveText(text('FIRST_PAYMENT_FAILED', {}, 'errors', dir as TLang), {
      timeout: 20_000,
    });
    await expect(page.getByText(t('billing.card_pending'))).toHaveCount(0);
    const shots = test.info().outputPath();
    await page.screenshot({ path: `${shots}/first-payment-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(declined).toBeVisible();
    await page.screenshot({ path: `${shots}/first-payment-${lang}-390.png`, fullPage: true });
    await expect
      .poll(() => page.evaluate('document.documentElement.scrollWidth > window.innerWidth'))
      .toBe(false);
    await context.close();
  });
}
