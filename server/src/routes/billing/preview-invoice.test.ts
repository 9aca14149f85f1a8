import {
  BILLING_CLOCK_PATH,
  BILLING_CYCLES,
  CURRENCIES,
  PAYMENT_SANDBOX,
} from '@signet/shared/billing/billing.constants';
import type {
  TInvoice,
  TInvoiceList,
  TSetupIntent,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import type { TPricePreview } from '@signet/shared/billing/pricing.schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { as, newBusiness, type Person } from '../businesses/testing.ts';
import { postWebhook, takeQueuedEvents } from './testing.ts';

/**
 * The previews promise what the provider then charges (issue 14): for the same plan, seats and
 * date, the sandbox's invoice equals the preview to the cent. Each run buys a plan through the
 * routes, moves the clock a random number of days (renewals included) and adds seats.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Err = { code?: string };
const base = (id: string) => `/v2/businesses/${id}/subscriptions`;

/** Delivers the webhooks the sandbox queued (and those they lead to) as its job would. */
async function deliver(): Promise<void> {
  for (let events = await takeQueuedEvents(t); events.length; events = await takeQueuedEvents(t)) {
    for (const event of events) expect((await postWebhook(t, event)).status).toBe(200);
  }
}

async function buy(admin: Person, id: string, body: Record<string, unknown>) {
  const intent = await as(t, admin)<TSetupIntent & Err>(
    'POST',
    `${base(id)}/stripe_setup_intent`,
    body,
  );
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const res = await t.app.request(new URL(intent.body.redirectUrl).pathname, {
    method: 'POST',
    body: new URLSearchParams({ number: PAYMENT_SANDBOX.cards.succeeds }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  await deliver();
}

async function newestInvoice(admin: Person, id: string): Promise<TInvoice | undefined> {
  const list = await as(t, admin)<TInvoiceList>('GET', `${base(id)}/invoices`);
  expect(list.status).toBe(200);
  return list.body.items[0];
}

const plans = fc.record({
  plan: fc.constantFrom('TEAM_V1', 'PRO_V1', 'SCALE'),
  cycle: fc.constantFrom(...BILLING_CYCLES),
  currency: fc.constantFrom(...CURRENCIES),
  seats: fc.integer({ min: 1, max: 6 }),
});

describe('seats preview and the invoice for the same seats and date', () => {
  it('agree to the cent over random plans, seats and proration dates', async () => {
    await fc.assert(
      fc.asyncProperty(
        plans,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 366 }),
        async (chosen, added, days) => {
          const { business, admin } = await newBusiness(t);
          await buy(admin, business.id, chosen);
          const clock = await t.request('POST', BILLING_CLOCK_PATH, {
            body: { businessId: business.id, days },
          });
          expect(clock.status).toBe(200);
          await deliver();
          const seats = chosen.seats + added;
          const preview = await as(t, admin)<TPricePreview & Err>(
            'POST',
            `${base(business.id)}/seats/preview`,
            { seats },
          );
          expect(preview.status, JSON.stringify(preview.body)).toBe(200);
          const before = await newestInvoice(admin, business.id);
          const put = await as(t, admin)<TSubscriptionUsage & Err>(
            'PUT',
            `${base(business.id)}/seats`,
            { seats },
          );
          expect(put.status, JSON.stringify(put.body)).toBe(200);
          await deliver();
          const invoice = await newestInvoice(admin, business.id);
          const { dueNow } = preview.body;
          if (dueNow.subtotal === 0) {
            // Nothing due (the period's last day): no invoice is issued.
            expect(invoice?.id).toBe(before?.id);
            return;
          }
          expect(invoice?.id).not.toBe(before?.id);
          expect(invoice?.total).toBe(dueNow.subtotal);
        },
      ),
      { numRuns: 12 },
    );
  });
});
