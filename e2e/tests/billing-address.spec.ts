/**
 * The billing address on /business/billing/plan (issue 14): the admin enters the address, a VAT
 * number of the wrong format for the billing country is refused in the form (shared's format
 * rule) before anything is sent, a right one is saved, and the business keeps it; the invoices
 * then charge that country's VAT. Looked at in English and German at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test';
import {
  api,
  apiPath,
  createAccount,
  createBusiness,
  signInWithCookie,
  text,
} from '../support/app.ts';

test('the billing address is checked in the form, saved and kept', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const t = (key: string, vars: Record<string, string> = {}) => text(key, vars, 'admin');
  const admin = await createAccount(request, 'billing-address', { firstName: 'Lea' });
  const business = await createBusiness(request, admin, 'Adresse Treuhand AG');
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await signInWithCookie(context, baseURL, admin.token);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/businesses/${business.id}/billing`)) {
      sent.push(r.url());
    }
  });
  await page.goto('/business/billing/plan');
  const form = page.getByRole('form', { name: t('billing.address_title') });
  // A field by its label (a required one's ends with MUI's asterisk).
  const label = (key: string) =>
    new RegExp(`^${t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
  const field = (key: string) => form.getByLabel(label(key));
  await expect(form).toBeVisible();
  await field('billing.address1').fill('Marktgasse 12');
  await field('billing.postal_code').fill('3011');
  await field('billing.city').fill('Bern');
  await field('billing.country').fill('ch');
  await expect(form.getByText('Switzerland')).toBeVisible();
  // A German VAT number is not a Swiss one: refused in the form, nothing sent.
  await field('billing.vat').fill('DE123456789');
  await expect(form.getByText(text('VAT_INVALID', {}, 'errors'))).toBeVisible();
  await form.getByRole('button', { name: t('billing.address_save') }).click();
  await page.waitForTimeout(300);
  expect(sent).toHaveLength(0);

  await field('billing.vat').fill('CHE-123.456.789 MWST');
  await field('billing.currency').click();
  await page.getByRole('option', { name: 'CHF' }).click();
  await form.getByRole('button', { name: t('billing.address_save') }).click();
  await expect(page.getByText(t('billing.address_saved'))).toBeVisible();
  expect(sent).toHaveLength(1);

  // Kept: the business's billing and the form after a reload.
  const view = await request.get(apiPath(api.getUserBusiness), {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect((await view.json()).billing).toMatchObject({
    address1: 'Marktgasse 12',
    postalCode: '3011',
    city: 'Bern',
    country: 'CH',
    vat: 'CHE123456789MWST',
    currency: 'CHF',
  });
  await page.reload();
  await expect(field('billing.vat')).toHaveValue('CHE123456789MWST');
  await expect(field('billing.city')).toHaveValue('Bern');

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
      const card = shot.getByTestId('billing-address');
      await expect(card).toBeVisible();
      const lang_ = lang === 'de' ? 'de-ch' : 'en-gb';
      await expect(
        card.getByRole('heading', { name: text('billing.address_title', {}, 'admin', lang_) }),
      ).toBeVisible();
      const wide = await shot.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(wide, `${lang} ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: testInfo.outputPath(`billing-address-${lang}-${width}.png`) });
      await shot.close();
    }
  }
  await context.close();
});
