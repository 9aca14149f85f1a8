import { BILLING_CLOCK_PATH, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type {
  TBillingAddress,
  TInvoiceList,
  TPaymentEvent,
  TPortalSession,
  TSubscriptionUsage,
} from '@signet/shared/billing/billing.schema';
import type { TBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { pdfText } from '../../pdf/test-tools.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { as, businessCast, type Person } from '../businesses/testing.ts';
import { buyPlan, deliverQueued, nowS, postWebhook } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = (id: string) => `/v2/businesses/${id}`;
/** Delivers the webhooks the sandbox queued, as its job would (signed, in order). */
const deliver = () => deliverQueued(t);

async function post(event: TPaymentEvent) {
  expect((await postWebhook(t, event)).status).toBe(200);
}

/** A business on PRO_V1 monthly in CHF with `seats` seats, paid by the sandbox's success card. */
async function paidCast(seats = 3) {
  const cast = await businessCast(t);
  await buyPlan(t, cast.admin, cast.business.id, {
    plan: 'PRO_V1',
    cycle: 'monthly',
    currency: 'CHF',
    seats,
  });
  return cast;
}

const usage = (who: { token: string }, id: string) =>
  as(t, who)<TSubscriptionUsage>('GET', `${base(id)}/subscriptions/usage`);

const pdf = (who: { token: string }, path: string) =>
  t.app.request(`/api${path}`, { headers: { authorization: `Bearer ${who.token}` } });

/** The clock of the test system: `days` on for this business (trial, provider periods). */
async function clock(businessId: string, days: number) {
  const res = await t.request<{ ended: number; renewed: number }>('POST', BILLING_CLOCK_PATH, {
    body: { businessId, days },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function proPrice(): Promise<number> {
  const plans = await t.request<{
    items: { name: string; cycle: string; currency: string; unitAmount: number }[];
  }>('GET', '/api/v2/businesses/price_plans');
  const pro = plans.body.items.find(
    (p) => p.name === 'PRO_V1' && p.cycle === 'monthly' && p.currency === 'CHF',
  );
  if (!pro) throw new Error('no PRO_V1 price');
  return pro.unitAmount;
}

describe('cancelling a paid plan (spec section 4)', () => {
  it('is cancelling until the period ends, revocable, then cancelled by the provider and locked', async () => {
    const { business, admin, member, stranger } = await paidCast();
    const cancel = (who: Person) =>
      as(t, who)<TSubscriptionUsage & { code?: string }>(
        'POST',
        `${base(business.id)}/subscriptions/cancel`,
      );
    const revoke = (who: Person) =>
      as(t, who)<TSubscriptionUsage & { code?: string }>(
        'POST',
        `${base(business.id)}/subscriptions/revoke_cancel`,
      );
    const before = await usage(admin, business.id);
    expect(before.body).toMatchObject({ plan: 'PRO_V1', planState: 'active', next: null });
    expect(before.body.periodEndsAt).not.toBeNull();
    expect((await cancel(member)).status).toBe(403);
    expect((await cancel(stranger)).status).toBe(404);
    expect((await revoke(admin)).body.code).toBe('PLAN_NOT_CANCELLING');

    const cancelled = await cancel(admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      plan: 'PRO_V1',
      planState: 'cancelling',
      next: { plan: 'CANCELED', startsAt: before.body.periodEndsAt },
      locked: false,
    });
    expect((await cancel(admin)).body.code).toBe('PLAN_NOT_CANCELLABLE');
    // The provider's webhook reports the same; the business's view shows the next plan.
    const events = await deliver();
    expect(events.map((e) => e.data.object.cancel_at_period_end)).toEqual([true]);
    const view = await as(t, member)<TBusiness>('GET', '/v2/businesses/user');
    expect(view.body.pricePlan.next?.base.type).toBe('CANCELED');

    // Revoked: the plan runs on; cancelled again.
    const revoked = await revoke(admin);
    expect(revoked.body).toMatchObject({ planState: 'active', next: null });
    await deliver();
    expect((await usage(admin, business.id)).body.planState).toBe('active');
    expect((await cancel(admin)).status).toBe(200);
    await deliver();

    // The period ends: the provider deletes the subscription; the plan is cancelled and locked.
    expect(await clock(business.id, 32)).toMatchObject({ ended: 1, renewed: 0 });
    const deleted = await deliver();
    expect(deleted.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const after = await usage(admin, business.id);
    expect(after.body).toMatchObject({
      plan: 'CANCELED',
      planState: 'cancelled',
      next: null,
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
      locked: true,
      subscriptionStatus: 'canceled',
      paymentIssue: true,
    });
    // A cancelled plan cannot be revoked (the business is locked: only the upgrade is open).
    expect((await revoke(admin)).status).toBe(403);
    // The invoices stay readable: one period, no renewal.
    const invoices = await as(t, admin)<TInvoiceList>(
      'GET',
      `${base(business.id)}/subscriptions/invoices`,
    );
    expect(invoices.body.items).toHaveLength(1);
  });

  it('is refused for a trial, which has its own cancel-trial', async () => {
    const { business, admin } = await businessCast(t);
    const res = await as(t, admin)<{ code: string }>(
      'POST',
      `${base(business.id)}/subscriptions/cancel`,
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PLAN_NOT_CANCELLABLE');
  });

  it('shows a payment issue for any status but active or incomplete_expired', async () => {
    const { business, admin } = await paidCast();
    expect((await usage(admin, business.id)).body.paymentIssue).toBe(false);
    // The events of the plan's own subscription (an incomplete_expired one of it ends the plan).
    const [row] = await t.db
      .select({ subscriptionId: businesses.providerSubscriptionId })
      .from(businesses)
      .where(eq(businesses.id, business.id));
    const event = (id: string, status: 'past_due' | 'incomplete_expired', at: number) =>
      post({
        id,
        type: 'customer.subscription.updated',
        created: at,
        data: {
          object: {
            id: row?.subscriptionId ?? '',
            status,
            metadata: { businessId: business.id },
          },
        },
      });
    await event(`evt_pd_${business.id}`, 'past_due', nowS() + 5);
    expect((await usage(admin, business.id)).body).toMatchObject({
      subscriptionStatus: 'past_due',
      paymentIssue: true,
    });
    await event(`evt_ie_${business.id}`, 'incomplete_expired', nowS() + 10);
    expect((await usage(admin, business.id)).body.paymentIssue).toBe(false);
  });
});

describe('invoices', () => {
  it('one per period and per seat increase, in minor units, as PDFs to admins only', async () => {
    const { business, admin, member, stranger } = await paidCast(3);
    const unit = await proPrice();
    const list = (who: Person) =>
      as(t, who)<TInvoiceList>('GET', `${base(business.id)}/subscriptions/invoices`);
    expect((await list(member)).status).toBe(403);
    expect((await list(stranger)).status).toBe(404);
    const first = await list(admin);
    expect(first.status).toBe(200);
    expect(first.body.paymentMethod).toEqual({ type: 'card', last4: '4242' });
    expect(first.body.items).toHaveLength(1);
    // No billing address yet: the seller's own VAT (Germany's, on this EU platform) on the net.
    const vat = Math.round((unit * 3 * 1900) / 10_000);
    expect(first.body.items[0]).toMatchObject({
      currency: 'CHF',
      subtotal: unit * 3,
      vat: { country: 'DE', rate: 1900, treatment: 'standard', amount: vat },
      total: unit * 3 + vat,
      status: 'paid',
    });

    // Two more seats: a proration invoice for the rest of the period (close to two full seats).
    const seats = await as(t, admin)<TSubscriptionUsage>(
      'PUT',
      `${base(business.id)}/subscriptions/seats`,
      { seats: 5 },
    );
    expect(seats.status).toBe(200);
    const second = await list(admin);
    expect(second.body.items).toHaveLength(2);
    const prorated = second.body.items[0];
    expect(prorated?.lines[0]?.quantity).toBe(2);
    expect(prorated?.subtotal).toBeLessThanOrEqual(unit * 2);
    expect(prorated?.subtotal).toBeGreaterThan(unit * 2 * 0.95);
    expect(prorated?.total).toBe((prorated?.subtotal ?? 0) + (prorated?.vat?.amount ?? -1));
    // Fewer seats than in use are refused and bill nothing.
    const below = await as(t, admin)<{ code: string }>(
      'PUT',
      `${base(business.id)}/subscriptions/seats`,
      { seats: 1 },
    );
    expect(below.body.code).toBe('SEATS_BELOW_MEMBERS');
    expect((await list(admin)).body.items).toHaveLength(2);

    // The PDF: real, its text readable, the total printed.
    const id = first.body.items[0]?.id ?? '';
    const path = `${base(business.id)}/subscriptions/invoices/${id}/pdf`;
    const file = await pdf(admin, path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await file.arrayBuffer()));
    expect(text).toContain(first.body.items[0]?.number ?? '?');
    expect(text).toContain(`CHF ${((unit * 3) / 100).toFixed(2)}`);
    expect(text).toContain('VAT 19% (DE)');
    expect(text).toContain(`CHF ${((unit * 3 + vat) / 100).toFixed(2)}`);
    expect(text).toContain('4242');
    expect(text).toContain('TEST SYSTEM');
    expect((await pdf(member, path)).status).toBe(403);
    expect((await pdf(stranger, path)).status).toBe(404);
    expect((await pdf(admin, `${base(business.id)}/subscriptions/invoices/nope/pdf`)).status).toBe(
      400,
    );
    // Another business's invoice is not found through this one.
    const other = await paidCast(2);
    const theirs = await as(t, other.admin)<TInvoiceList>(
      'GET',
      `${base(other.business.id)}/subscriptions/invoices`,
    );
    const theirId = theirs.body.items[0]?.id ?? '';
    expect(theirId).toMatch(/^in_/);
    expect(
      (await pdf(admin, `${base(business.id)}/subscriptions/invoices/${theirId}/pdf`)).status,
    ).toBe(404);
  });

  it('renew with a new invoice each period', async () => {
    const { business, admin } = await paidCast(2);
    expect(await clock(business.id, 31)).toMatchObject({ renewed: 1, ended: 0 });
    const events = await deliver();
    expect(events.map((e) => e.type).sort()).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    const list = await as(t, admin)<TInvoiceList>(
      'GET',
      `${base(business.id)}/subscriptions/invoices`,
    );
    expect(list.body.items).toHaveLength(2);
    const u = await usage(admin, business.id);
    expect(new Date(u.body.periodEndsAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('the customer portal', () => {
  it('opens the sandbox portal with the invoices and the card, for admins only', async () => {
    const { business, admin, member, stranger } = await paidCast();
    const cp = (who: Person) =>
      as(t, who)<TPortalSession>('GET', `${base(business.id)}/stripe/cpsession`);
    const cb = (who: Person) =>
      as(t, who)<TPortalSession>('POST', `${base(business.id)}/chargebee/portal_session`);
    expect((await cp(member)).status).toBe(403);
    expect((await cp(stranger)).status).toBe(404);
    expect((await cb(member)).status).toBe(403);
    const session = await cp(admin);
    expect(session.status).toBe(200);
    const url = new URL(session.body.redirectUrl);
    expect(url.pathname.startsWith(`${PAYMENT_SANDBOX.path}${PAYMENT_SANDBOX.portalPath}/`)).toBe(
      true,
    );
    const page = await t.app.request(url.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test System');
    expect(html).toContain('Card ending in 4242');
    expect(html).not.toContain(PAYMENT_SANDBOX.cards.succeeds);
    const invoices = await as(t, admin)<TInvoiceList>(
      'GET',
      `${base(business.id)}/subscriptions/invoices`,
    );
    const invoice = invoices.body.items[0];
    expect(html).toContain(invoice?.number ?? '?');
    const file = await t.app.request(`${url.pathname}/invoices/${invoice?.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // A changed or foreign token opens nothing.
    const forged = url.pathname.replace(business.id, crypto.randomUUID());
    expect((await t.app.request(forged)).status).toBe(404);
    expect((await t.app.request(`${url.pathname}x`)).status).toBe(404);
    // Chargebee's call opens the same portal.
    const chargebee = await cb(admin);
    expect(chargebee.status).toBe(200);
    expect((await t.app.request(new URL(chargebee.body.redirectUrl).pathname)).status).toBe(200);
  });
});

describe('the billing address', () => {
  const address = {
    address1: 'Bahnhofstrasse 1',
    city: 'Zürich',
    postalCode: '8001',
    country: 'CH',
    vat: 'CHE-123.456.789 MWST',
    currency: 'CHF',
  };

  it('is stored with a VAT number of the country’s format, for admins only, also while locked', async () => {
    const { business, admin, member, stranger } = await businessCast(t);
    const put = (who: Person, body: unknown) =>
      as(t, who)<TBillingAddress & { code?: string }>('PUT', `${base(business.id)}/billing`, body);
    expect((await put(member, address)).status).toBe(403);
    expect((await put(stranger, address)).status).toBe(404);
    const saved = await put(admin, address);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ vat: 'CHE123456789MWST', country: 'CH', address2: null });
    const view = await as(t, admin)<TBusiness>('GET', '/v2/businesses/user');
    expect(view.body.billing).toMatchObject({
      address1: 'Bahnhofstrasse 1',
      city: 'Zürich',
      vat: 'CHE123456789MWST',
      currency: 'CHF',
    });

    const bad = await put(admin, { ...address, country: 'de', vat: 'DE 12345678' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VAT_INVALID');
    const unknown = await put(admin, { ...address, country: 'US', vat: '12-3456789' });
    expect(unknown.body.code).toBe('VAT_COUNTRY_UNSUPPORTED');
    for (const body of [
      { ...address, currency: 'USD' },
      { ...address, city: '' },
      { ...address, country: 'Schweiz' },
      { ...address, extra: 1 },
    ]) {
      expect((await put(admin, body)).status).toBe(400);
    }
    // Nothing of the refused bodies was kept.
    const still = await as(t, admin)<TBusiness>('GET', '/v2/businesses/user');
    expect(still.body.billing.vat).toBe('CHE123456789MWST');
    const german = await put(admin, {
      ...address,
      country: 'de',
      vat: 'de 123 456 789',
      currency: 'EUR',
    });
    expect(german.body).toMatchObject({ country: 'DE', vat: 'DE123456789', currency: 'EUR' });
    const none = await put(admin, { ...address, vat: null });
    expect(none.body.vat).toBeNull();

    // Locked (the trial cancelled): the address is part of paying, so it stays open.
    expect((await as(t, admin)('POST', `/v1/businesses/${business.id}/cancel-trial`)).status).toBe(
      200,
    );
    expect((await put(admin, address)).status).toBe(200);
  });
});
