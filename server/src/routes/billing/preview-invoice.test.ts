import {
  BILLING_CLOCK_PATH,
  BILLING_CYCLES,
  CURRENCIES,
} from '@signet/shared/billing/billing.constants';
import type {
  TBillingAddress,
  TInvoice,
  TInvoiceList,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import type { TPricedInvoiceDto, TPricePreview } from '@signet/shared/billing/pricing.schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSandboxPromoCodes } from '../../services/billing/promo-codes.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { as, newBusiness, type Person } from '../businesses/testing.ts';
import { buyPlan, deliverQueued } from './testing.ts';

/**
 * The previews promise what the provider then charges (issue 14): for the same plan, seats,
 * promo code, billing country and date, the sandbox's invoice equals the preview to the cent —
 * lines, VAT and total. Each run buys a plan through the routes, moves the clock a random number
 * of days (renewals included) and adds seats.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSandboxPromoCodes(t.db);
});
afterAll(async () => {
  await t.close();
});

type Err = { code?: string };
const base = (id: string) => `/v2/businesses/${id}/subscriptions`;
const deliver = () => deliverQueued(t);

const buy = (admin: Person, id: string, body: Record<string, unknown>) =>
  buyPlan(t, admin, id, body);

async function newestInvoice(admin: Person, id: string): Promise<TInvoice | undefined> {
  const list = await as(t, admin)<TInvoiceList>('GET', `${base(id)}/invoices`);
  expect(list.status).toBe(200);
  return list.body.items[0];
}

/** The invoice says what the preview said: each line's amount, the net, the VAT, the total. */
function expectSame(invoice: TInvoice | undefined, preview: TPricedInvoiceDto) {
  expect(invoice?.lines.map((l) => l.amount)).toEqual(preview.lines.map((l) => l.amount));
  expect(invoice?.subtotal).toBe(preview.subtotal);
  expect(invoice?.vat).toEqual(preview.vat);
  expect(invoice?.total).toBe(preview.total);
}

/** Billing countries with and without VAT numbers: standard, reverse charge, outside scope. */
const customers = fc.constantFrom(
  { country: 'DE', vat: null },
  { country: 'DE', vat: 'DE123456789' },
  { country: 'FR', vat: null },
  { country: 'FR', vat: 'FRXX123456789' },
  { country: 'AT', vat: 'ATU12345678' },
  { country: 'IT', vat: null },
  { country: 'CH', vat: 'CHE-123.456.789' },
  { country: 'US', vat: null },
);

const purchases = fc
  .record({
    plan: fc.constantFrom('TEAM_V1', 'PRO_V1', 'SCALE'),
    cycle: fc.constantFrom(...BILLING_CYCLES),
    currency: fc.constantFrom(...CURRENCIES),
    seats: fc.integer({ min: 1, max: 6 }),
    promo: fc.constantFrom(null, 'TEST10', 'TEST20X3', 'TEST5'),
  })
  .map(({ promo, ...p }) => ({
    ...p,
    ...(promo ? { promoCode: promo === 'TEST5' ? `TEST5${p.currency}` : promo } : {}),
  }));

describe('previews and the invoices for the same plan, seats, codes, country and date', () => {
  it('agree to the cent: the first invoice, and added seats after random days', async () => {
    await fc.assert(
      fc.asyncProperty(
        purchases,
        customers,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 366 }),
        async (purchase, customer, added, days) => {
          const { business, admin } = await newBusiness(t);
          const address: TBillingAddress = {
            address1: 'Hauptstrasse 1',
            city: 'Basel',
            postalCode: '4051',
            currency: purchase.currency,
            ...customer,
          };
          const billing = await as(t, admin)(
            'PUT',
            `/v2/businesses/${business.id}/billing`,
            address,
          );
          expect(billing.status, JSON.stringify(billing.body)).toBe(200);
          const { seats, ...plan } = purchase;
          const first = await as(t, admin)<TPricePreview & Err>(
            'POST',
            `${base(business.id)}/upgrade/preview`,
            { ...plan, amountSeats: seats },
          );
          expect(first.status, JSON.stringify(first.body)).toBe(200);
          await buy(admin, business.id, purchase);
          expectSame(await newestInvoice(admin, business.id), first.body.dueNow);

          const clock = await t.request('POST', BILLING_CLOCK_PATH, {
            body: { businessId: business.id, days },
          });
          expect(clock.status).toBe(200);
          await deliver();
          const more = seats + added;
          const preview = await as(t, admin)<TPricePreview & Err>(
            'POST',
            `${base(business.id)}/seats/preview`,
            { seats: more },
          );
          expect(preview.status, JSON.stringify(preview.body)).toBe(200);
          const before = await newestInvoice(admin, business.id);
          const put = await as(t, admin)<TSubscriptionUsage & Err>(
            'PUT',
            `${base(business.id)}/seats`,
            { seats: more },
          );
          expect(put.status, JSON.stringify(put.body)).toBe(200);
          await deliver();
          const invoice = await newestInvoice(admin, business.id);
          if (preview.body.dueNow.lines.length === 0) {
            // Nothing due (the period's last day): no invoice is issued.
            expect(invoice?.id).toBe(before?.id);
            return;
          }
          expect(invoice?.id).not.toBe(before?.id);
          expectSame(invoice, preview.body.dueNow);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});

describe('the upgrade preview and the upgrade of a running plan', () => {
  it('agree to the cent over random plan changes, codes, countries and dates', async () => {
    await fc.assert(
      fc.asyncProperty(
        purchases,
        purchases,
        customers,
        fc.integer({ min: 1, max: 366 }),
        async (purchase, change, customer, days) => {
          const { business, admin } = await newBusiness(t);
          const billing = await as(t, admin)('PUT', `/v2/businesses/${business.id}/billing`, {
            address1: 'Hauptstrasse 1',
            city: 'Basel',
            postalCode: '4051',
            currency: purchase.currency,
            ...customer,
          });
          expect(billing.status).toBe(200);
          const { promoCode: _first, ...bought } = purchase;
          await buy(admin, business.id, bought);
          const clock = await t.request('POST', BILLING_CLOCK_PATH, {
            body: { businessId: business.id, days },
          });
          expect(clock.status).toBe(200);
          await deliver();
          const { seats, ...plan } = change;
          const body = { ...plan, amountSeats: seats };
          const preview = await as(t, admin)<TPricePreview & Err>(
            'POST',
            `${base(business.id)}/upgrade/preview`,
            body,
          );
          expect(preview.status, JSON.stringify(preview.body)).toBe(200);
          const before = await newestInvoice(admin, business.id);
          const upgraded = await as(t, admin)<TSubscriptionUsage & Err>(
            'PUT',
            `${base(business.id)}/upgrade`,
            body,
          );
          const same =
            plan.plan === bought.plan &&
            plan.cycle === bought.cycle &&
            plan.currency === bought.currency &&
            seats === bought.seats;
          if (same) {
            expect(upgraded.body.code).toBe('PLAN_UNCHANGED');
            expect((await newestInvoice(admin, business.id))?.id).toBe(before?.id);
            return;
          }
          expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
          expect(upgraded.body).toMatchObject({ plan: plan.plan, planState: 'active' });
          await deliver();
          const invoice = await newestInvoice(admin, business.id);
          expect(invoice?.id).not.toBe(before?.id);
          expectSame(invoice, preview.body.dueNow);
        },
      ),
      { numRuns: 10 },
    );
  }, 300_000);
});
