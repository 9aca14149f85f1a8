import type { TInvoiceList, TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import type { TBusiness } from '@signet/shared/business/business.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { as, businessCast, type Person } from '../businesses/testing.ts';
import { buyPlan, deliverQueued } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Err = { code?: string };
const base = (id: string) => `/v2/businesses/${id}/subscriptions`;
const upgrade = (who: Person, id: string, body: unknown) =>
  as(t, who)<TSubscriptionUsage & Err>('PUT', `${base(id)}/upgrade`, body);
const invoices = (who: Person, id: string) =>
  as(t, who)<TInvoiceList>('GET', `${base(id)}/invoices`);

const paid = (cast: { business: TBusiness; admin: Person }) =>
  buyPlan(t, cast.admin, cast.business.id, {
    plan: 'TEAM_V1',
    cycle: 'monthly',
    currency: 'EUR',
    seats: 3,
  });

const PRO = { plan: 'PRO_V1', cycle: 'yearly', currency: 'EUR', amountSeats: 4 } as const;

describe('PUT …/subscriptions/upgrade (spec section 4: preview, then upgrade)', () => {
  it('moves a running plan to another with the card on file, once, for admins only', async () => {
    const cast = await businessCast(t);
    const { business, admin, member, stranger } = cast;
    // A trial has no card to charge: it buys a plan with a setup intent.
    expect((await upgrade(admin, business.id, PRO)).body.code).toBe('PLAN_NOT_UPGRADABLE');
    await paid(cast);
    expect((await upgrade(member, business.id, PRO)).status).toBe(403);
    expect((await upgrade(stranger, business.id, PRO)).status).toBe(404);
    // Bad input changes nothing.
    for (const body of [
      { ...PRO, plan: 'NOPE' },
      { ...PRO, amountSeats: 1 },
      { ...PRO, promoCode: 'NOSUCHCODE' },
      { ...PRO, country: 'DE' },
      { ...PRO, amountSeats: 0 },
    ]) {
      const res = await upgrade(admin, business.id, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await invoices(admin, business.id)).body.items).toHaveLength(1);
    const same = await upgrade(admin, business.id, {
      ...PRO,
      plan: 'TEAM_V1',
      cycle: 'monthly',
      amountSeats: 3,
    });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('PLAN_UNCHANGED');

    // A cancelling plan that is upgraded runs on.
    expect((await as(t, admin)('POST', `${base(business.id)}/cancel`)).status).toBe(200);
    const done = await upgrade(admin, business.id, PRO);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      plan: 'PRO_V1',
      planState: 'active',
      next: null,
      seats: { total: 4 },
    });
    await deliverQueued(t);
    const list = await invoices(admin, business.id);
    expect(list.body.items).toHaveLength(2);
    const [change] = list.body.items;
    // The unused days of the team plan are credited against a year of the pro plan.
    expect(change?.lines.map((l) => l.amount > 0)).toEqual([true, false]);
    expect(change?.lines[1]?.description).toMatch(/^Unused time on TEAM_V1/);
    const view = await as(t, member)<TBusiness>('GET', '/v2/businesses/user');
    expect(view.body.pricePlan.next).toBeFalsy();
    expect((await upgrade(admin, business.id, PRO)).body.code).toBe('PLAN_UNCHANGED');
  });
});
