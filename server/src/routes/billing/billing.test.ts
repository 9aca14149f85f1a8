import { BILLING_CLOCK_PATH } from '@signet/shared/billing/billing.constants';
import type { TPricePlanList, TSubscriptionUsage } from '@signet/shared/billing/billing.schema';
import type { TBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInvitations } from '../../db/schema/business-invitations.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { runTrialSweep } from '../../services/billing/trials.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { addMember, as, businessCast, newBusiness } from '../businesses/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const usageOf = (id: string) => `/v2/businesses/${id}/subscriptions/usage`;
const seatsOf = (id: string) => `/v2/businesses/${id}/subscriptions/seats`;
const settingsOf = (id: string) => `/v1/businesses/${id}/settings`;

/** Moves the business's trial end to `at` (the clock of the test, not of the product). */
async function trialEndsAt(id: string, at: Date) {
  await t.db.update(businesses).set({ trialEndsAt: at }).where(eq(businesses.id, id));
}

describe('price plans', () => {
  it('are public and come from the database in both cycles and currencies, in minor units', async () => {
    const res = await t.request<TPricePlanList>('GET', '/api/v2/businesses/price_plans');
    expect(res.status).toBe(200);
    const tiers = [...new Set(res.body.items.map((p) => p.tier))];
    expect(tiers).toEqual(['individual', 'team', 'pro', 'scale']);
    expect(res.body.items).toHaveLength(16);
    for (const plan of res.body.items) {
      expect(Number.isInteger(plan.unitAmount)).toBe(true);
      if (plan.cycle !== 'yearly') continue;
      const monthly = res.body.items.find(
        (p) => p.name === plan.name && p.currency === plan.currency && p.cycle === 'monthly',
      );
      expect(plan.unitAmount).toBe((monthly?.unitAmount ?? 0) * 10);
    }
    expect(res.body.items.find((p) => p.tier === 'individual')?.perSeat).toBe(false);
  });
});

describe('the trial', () => {
  it('starts with a new business: its length from the configuration, five seats, not locked', async () => {
    const { business, admin } = await newBusiness(t, 'Probe AG');
    expect(business.billing.paymentMethod).toBe('TRIALING');
    expect(business.pricePlan.name).toBe('TRIAL');
    expect(business.seats).toBe(5);
    expect(business.locked).toBe(false);
    const end = new Date(business.pricePlan.current.base.endAt ?? '');
    expect(Math.round((end.getTime() - Date.now()) / DAY)).toBe(t.config.trialDays);
    const usage = await as(t, admin)<TSubscriptionUsage>('GET', usageOf(business.id));
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      plan: 'TRIAL',
      paymentMethod: 'TRIALING',
      locked: false,
      seats: { total: 5, used: 1 },
    });
  });

  it('locks the business at its end: only members and invitations stay open, until the job records it and tells the admins once', async () => {
    const { business, admin, member } = await businessCast(t);
    await trialEndsAt(business.id, new Date(Date.now() - 1000));

    // Locked at once, before the daily job ran (spec section 6).
    const seen = await as(t, member)<TBusiness>('GET', '/v2/businesses/user');
    expect(seen.body?.locked).toBe(true);
    expect(seen.body?.billing.paymentMethod).toBe('NEEDS_PAYMENT_METHOD');

    const refused = await as(t, admin)<{ code: string }>('PUT', settingsOf(business.id), {
      userPilot: { enabled: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('BUSINESS_LOCKED');
    const settings = await as(t, admin)<{ settings: { userPilot: { enabled: boolean } } }>(
      'GET',
      settingsOf(business.id),
    );
    expect(settings.body.settings.userPilot.enabled).toBe(false);
    const seats = await as(t, admin)<{ code: string }>('PUT', seatsOf(business.id), { seats: 9 });
    expect(seats.body.code).toBe('BUSINESS_LOCKED');

    // Members stay open: an admin may still invite.
    const newcomer = await signUp(t, { firstName: 'Nina' });
    await addMember(t, business.id, admin, newcomer);

    const first = await runTrialSweep(t.deps, new Date());
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row?.paymentMethod).toBe('NEEDS_PAYMENT_METHOD');
    const mail = await t.mailbox.last(admin.email);
    expect(mail?.subject).toContain('Muster AG');
    expect(mail?.links.some((l) => l.endsWith('/business/billing/plan'))).toBe(true);
    expect(
      (await t.mailbox.all(admin.email)).filter((m) => m.subject === mail?.subject),
    ).toHaveLength(1);
    // Members are not mailed; a second run changes nothing and mails nobody.
    expect((await t.mailbox.all(member.email)).some((m) => m.subject === mail?.subject)).toBe(
      false,
    );
    await runTrialSweep(t.deps, new Date());
    expect(
      (await t.mailbox.all(admin.email)).filter((m) => m.subject === mail?.subject),
    ).toHaveLength(1);
  });

  it('reminds the admins once in its last days', async () => {
    const { business, admin } = await newBusiness(t, 'Bald AG');
    await trialEndsAt(business.id, new Date(Date.now() + 2 * DAY));
    const before = (await t.mailbox.all(admin.email)).length;
    expect((await runTrialSweep(t.deps, new Date())).reminded).toBeGreaterThanOrEqual(1);
    await runTrialSweep(t.deps, new Date());
    const mails = await t.mailbox.all(admin.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toContain('Bald AG');
    const usage = await as(t, admin)<TSubscriptionUsage>('GET', usageOf(business.id));
    expect(usage.body.locked).toBe(false);
  });

  it('can be cancelled by an admin only, which locks the business; then it is refused', async () => {
    const { business, admin, member, stranger } = await businessCast(t);
    const path = `/v1/businesses/${business.id}/cancel-trial`;
    expect((await as(t, member)('POST', path)).status).toBe(403);
    expect((await as(t, stranger)('POST', path)).status).toBe(404);
    const cancelled = await as(t, admin)<TSubscriptionUsage>('POST', path);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ paymentMethod: 'NEEDS_PAYMENT_METHOD', locked: true });
    // Locked now: nothing but members and the upgrade is open.
    const again = await as(t, admin)<{ code: string }>('POST', path);
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('BUSINESS_LOCKED');
    // A business that pays has no trial to cancel.
    await t.db
      .update(businesses)
      .set({ paymentMethod: 'MANUAL', trialEndsAt: null })
      .where(eq(businesses.id, business.id));
    const paying = await as(t, admin)<{ code: string }>('POST', path);
    expect(paying.status).toBe(409);
    expect(paying.body.code).toBe('NOT_TRIALING');
  });
});

describe('seats', () => {
  it('refuse invitations beyond them with nothing written, and a count below those in use', async () => {
    const { business, admin, member, stranger } = await businessCast(t);
    const invite = (users: string[]) =>
      as(t, admin)<{ code: string; details: { missing: number; used: number } }>(
        'POST',
        `/v1/businesses/${business.id}/members`,
        { users },
      );
    // Admin and member use two of five: four new addresses need one seat more.
    const four = ['a@seats.ch', 'b@seats.ch', 'c@seats.ch', 'd@seats.ch'];
    const refused = await invite(four);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SEATS_EXCEEDED');
    expect(refused.body.details).toMatchObject({ used: 2, missing: 1 });
    const written = await t.db
      .select()
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, business.id));
    expect(written.filter((i) => four.includes(i.email))).toHaveLength(0);

    // Three fit; inviting one of them again takes no new seat.
    expect((await invite(four.slice(0, 3))).status).toBe(201);
    expect((await invite(['a@seats.ch'])).status).toBe(201);
    expect((await invite(['d@seats.ch'])).body.code).toBe('SEATS_EXCEEDED');

    const below = await as(t, admin)<{ code: string }>('PUT', seatsOf(business.id), { seats: 4 });
    expect(below.status).toBe(409);
    expect(below.body.code).toBe('SEATS_BELOW_MEMBERS');
    for (const seats of [0, 1001, 2.5, '6']) {
      expect((await as(t, admin)('PUT', seatsOf(business.id), { seats })).status).toBe(400);
    }
    expect((await as(t, member)('PUT', seatsOf(business.id), { seats: 8 })).status).toBe(403);
    expect((await as(t, stranger)('PUT', seatsOf(business.id), { seats: 8 })).status).toBe(404);
    expect((await as(t, stranger)('GET', usageOf(business.id))).status).toBe(404);

    const more = await as(t, admin)<TSubscriptionUsage>('PUT', seatsOf(business.id), {
      seats: 6,
      timestamp: new Date().toISOString(),
    });
    expect(more.status).toBe(200);
    expect(more.body.seats).toEqual({ total: 6, used: 5 });
    expect((await invite(['d@seats.ch'])).status).toBe(201);
  });
});

describe('the test-mode billing clock', () => {
  it('moves a trial on and runs the trial job in test mode, and answers bad input with 400', async () => {
    const { business, admin } = await newBusiness(t, 'Uhr AG');
    const move = (body: unknown) =>
      t.request<{ expired: number }>('POST', BILLING_CLOCK_PATH, { body });
    expect((await move({ businessId: business.id, days: 0 })).status).toBe(400);
    expect((await move({ businessId: 'x', days: 3 })).status).toBe(400);
    expect((await move({ businessId: crypto.randomUUID(), days: 3 })).status).toBe(404);
    const moved = await move({ businessId: business.id, days: t.config.trialDays });
    expect(moved.status).toBe(200);
    expect(moved.body.expired).toBeGreaterThanOrEqual(1);
    const usage = await as(t, admin)<TSubscriptionUsage>('GET', usageOf(business.id));
    expect(usage.body).toMatchObject({ paymentMethod: 'NEEDS_PAYMENT_METHOD', locked: true });
  });

  it('does not exist outside test mode', async () => {
    const dev = await createTestApp({ env: { SIGNET_MODE: 'development' }, database: t.database });
    try {
      // Mounted, this body would be a 400; absent, the path is not found at all.
      const res = await dev.request('POST', BILLING_CLOCK_PATH, { body: { days: 0 } });
      expect(res.status).toBe(404);
    } finally {
      await dev.close();
    }
  });
});
