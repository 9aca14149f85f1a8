import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TSetupIntent } from '@signet/shared/billing/billing.schema';
import { addMonths } from '@signet/shared/billing/pricing.rules';
import type {
  TCello,
  TPricePreview,
  TPromoValidation,
  TReferralCode,
} from '@signet/shared/billing/pricing.schema';
import type { TBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses.ts';
import { businessDiscounts, promoCodes } from '../../db/schema/promo-codes.ts';
import { users } from '../../db/schema/users.ts';
import { seedSandboxPromoCodes } from '../../services/billing/promo-codes.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { as, businessCast, type Person } from '../businesses/testing.ts';
import { deliverQueued, enterCard } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSandboxPromoCodes(t.db);
  const day = 86_400_000;
  await t.db.insert(promoCodes).values([
    {
      code: 'OLD',
      type: 'percent',
      percentOff: 50,
      duration: 'once',
      expiresAt: new Date(Date.now() - day),
    },
    {
      code: 'ONEONLY',
      type: 'percent',
      percentOff: 50,
      duration: 'once',
      maxRedemptions: 1,
      redemptions: 1,
    },
    { code: 'SCALEONLY', type: 'percent', percentOff: 30, duration: 'forever', plans: ['SCALE'] },
  ]);
});
afterAll(async () => {
  await t.close();
});

type Err = { code?: string };
const base = (id: string) => `/v2/businesses/${id}/subscriptions`;
const PRO = { plan: 'PRO_V1', cycle: 'monthly', currency: 'CHF', amountSeats: 3 } as const;

const preview = (who: Person, id: string, body: unknown) =>
  as(t, who)<TPricePreview & Err>('POST', `${base(id)}/upgrade/preview`, body);
const seats = (who: Person, id: string, body: unknown) =>
  as(t, who)<TPricePreview & Err>('POST', `${base(id)}/seats/preview`, body);
const validate = (who: Person, id: string, body: unknown) =>
  as(t, who)<TPromoValidation & Err>('POST', `${base(id)}/coupons/validate_promo`, body);

/** Buys `body`'s plan with the sandbox's success card (setup intent, card page, webhooks). */
async function buy(admin: Person, id: string, body: Record<string, unknown>) {
  const intent = await as(t, admin)<TSetupIntent & Err>(
    'POST',
    `${base(id)}/stripe_setup_intent`,
    body,
  );
  if (intent.status !== 200) return intent;
  const res = await enterCard(t, intent.body.redirectUrl, PAYMENT_SANDBOX.cards.succeeds);
  expect(res.status).toBe(303);
  await deliverQueued(t);
  return intent;
}

describe('the upgrade preview', () => {
  it('prices the plan for the seats with VAT by country, a promo code, and the renewal without a one-time discount', async () => {
    const { business, admin } = await businessCast(t);
    // The test platform is EU (localhost): no country means the seller's (DE, 19 %).
    const plain = await preview(admin, business.id, PRO);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body).toMatchObject({
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
    });
    expect(plain.body.dueNow).toEqual({
      lines: [{ kind: 'plan', label: 'PRO_V1', quantity: 3, unitAmount: 4900, amount: 14700 }],
      subtotal: 14700,
      vat: { country: 'DE', rate: 1900, treatment: 'standard', amount: 2793 },
      total: 17493,
    });

    const promo = await preview(admin, business.id, { ...PRO, promoCode: 'test10' });
    expect(promo.status).toBe(200);
    expect(promo.body.dueNow.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['plan', 14700],
      ['discount', -1470],
    ]);
    expect(promo.body.dueNow).toMatchObject({ subtotal: 13230, total: 13230 + 2514 });
    expect(promo.body.renewal.total).toBe(17493);
    expect(promo.body.discounts).toMatchObject([
      { promoCode: 'TEST10', type: 'percent', percentOff: 10, duration: 'once', status: 'ACTIVE' },
    ]);

    const reverse = await preview(admin, business.id, {
      ...PRO,
      country: 'fr',
      vat: 'FR40303265045',
    });
    expect(reverse.body.dueNow.vat).toEqual({
      country: 'FR',
      rate: 0,
      treatment: 'reverse_charge',
      amount: 0,
    });
    expect(
      (await preview(admin, business.id, { ...PRO, country: 'CH' })).body.dueNow.vat.treatment,
    ).toBe('outside_scope');

    // Without a country in the call, the business's billing address decides.
    const address = await as(t, admin)('PUT', `/v2/businesses/${business.id}/billing`, {
      address1: '5 rue de la Paix',
      city: 'Paris',
      postalCode: '75002',
      country: 'FR',
      vat: 'FR40303265045',
      currency: 'EUR',
    });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    expect((await preview(admin, business.id, PRO)).body.dueNow.vat).toMatchObject({
      country: 'FR',
      treatment: 'reverse_charge',
    });
  });

  it('refuses unknown plans, seats below the members, bad, expired, used-up and foreign promo codes, and strangers', async () => {
    const { business, admin, member, stranger } = await businessCast(t);
    const cases: [unknown, number, string?][] = [
      [{ ...PRO, plan: 'GOLD' }, 422, 'PLAN_UNKNOWN'],
      [{ ...PRO, currency: 'USD' }, 400],
      [{ ...PRO, amountSeats: 1 }, 409, 'SEATS_BELOW_MEMBERS'],
      [{ ...PRO, amountSeats: 0 }, 400],
      [{ ...PRO, promoCode: 'NOPE' }, 404, 'PROMO_CODE_INVALID'],
      [{ ...PRO, promoCode: 'no spaces!' }, 400],
      [{ ...PRO, promoCode: 'OLD' }, 410, 'PROMO_CODE_EXPIRED'],
      [{ ...PRO, promoCode: 'ONEONLY' }, 409, 'PROMO_CODE_USED_UP'],
      [{ ...PRO, promoCode: 'SCALEONLY' }, 422, 'PROMO_CODE_NOT_FOR_PLAN'],
      [{ ...PRO, promoCode: 'TEST5EUR' }, 422, 'PROMO_CODE_NOT_FOR_PLAN'],
      [{ ...PRO, referralCode: 'nobodys-code' }, 404, 'REFERRAL_CODE_INVALID'],
      [{ ...PRO, country: 'Schweiz' }, 400],
      [{ ...PRO, extra: 1 }, 400],
    ];
    for (const [body, status, code] of cases) {
      const res = await preview(admin, business.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (code) expect(res.body.code).toBe(code);
    }
    expect((await preview(member, business.id, PRO)).status).toBe(403);
    expect((await preview(stranger, business.id, PRO)).status).toBe(404);
    expect((await preview(admin, 'not-a-business', PRO)).status).toBe(404);
  });
});

describe('promo codes', () => {
  it('validate_promo answers the promotion, or why a code does not hold', async () => {
    const { business, admin, member } = await businessCast(t);
    const ok = await validate(admin, business.id, {
      promoCode: 'test20x3',
      plan: 'PRO_V1',
      cycle: 'yearly',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      valid: true,
      discount: { promoCode: 'TEST20X3', percentOff: 20, duration: 'repeating', durationMonths: 3 },
    });
    const codeOf = async (body: unknown) => (await validate(admin, business.id, body)).body.code;
    expect(await codeOf({ promoCode: 'NOPE', plan: 'PRO_V1', cycle: 'monthly' })).toBe(
      'PROMO_CODE_INVALID',
    );
    expect(await codeOf({ promoCode: 'OLD', plan: 'PRO_V1', cycle: 'monthly' })).toBe(
      'PROMO_CODE_EXPIRED',
    );
    expect(await codeOf({ promoCode: 'ONEONLY', plan: 'PRO_V1', cycle: 'monthly' })).toBe(
      'PROMO_CODE_USED_UP',
    );
    expect(await codeOf({ promoCode: 'SCALEONLY', plan: 'PRO_V1', cycle: 'monthly' })).toBe(
      'PROMO_CODE_NOT_FOR_PLAN',
    );
    expect(
      (await validate(admin, business.id, { promoCode: 'TEST10', plan: 'PRO_V1' })).status,
    ).toBe(400);
    expect(
      (
        await validate(member, business.id, {
          promoCode: 'TEST10',
          plan: 'PRO_V1',
          cycle: 'monthly',
        })
      ).status,
    ).toBe(403);
  });

  it('is taken when the plan starts, counts a redemption, and cannot be applied twice', async () => {
    const { business, admin } = await businessCast(t);
    const before = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'TEST20X3'));
    const bought = await buy(admin, business.id, {
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
      promoCode: 'test20x3',
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row).toMatchObject({ planName: 'PRO_V1', planCycle: 'monthly', planCurrency: 'CHF' });
    // The plan sets what it allows of signer groups.
    expect(row?.settings.signerGroups).toEqual({ maxGroups: 50, maxParticipants: 50 });
    const taken = await t.db
      .select()
      .from(businessDiscounts)
      .where(eq(businessDiscounts.businessId, business.id));
    expect(taken).toHaveLength(1);
    expect(taken[0]?.endsAt?.toISOString()).toBe(
      addMonths(row?.planStartedAt ?? new Date(), 3).toISOString(),
    );
    // The business shows it (spec section 3 pricePlan.discounts): active until its end, then used up.
    const seen = await as(t, admin)<TBusiness>('GET', '/v2/businesses/user');
    expect(seen.body.pricePlan.discounts).toMatchObject([
      {
        promoCode: 'TEST20X3',
        type: 'percent',
        status: 'ACTIVE',
        expiresAt: taken[0]?.endsAt?.toISOString(),
      },
    ]);
    await t.db
      .update(businessDiscounts)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(businessDiscounts.businessId, business.id));
    const later = await as(t, admin)<TBusiness>('GET', '/v2/businesses/user');
    expect(later.body.pricePlan.discounts?.[0]?.status).toBe('USED_UP');
    await t.db
      .update(businessDiscounts)
      .set({ endsAt: taken[0]?.endsAt ?? null })
      .where(eq(businessDiscounts.businessId, business.id));
    const after = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'TEST20X3'));
    expect((after[0]?.redemptions ?? 0) - (before[0]?.redemptions ?? 0)).toBe(1);

    const again = { promoCode: 'TEST20X3', plan: 'PRO_V1', cycle: 'monthly' };
    expect((await validate(admin, business.id, again)).body.code).toBe(
      'PROMO_CODE_ALREADY_APPLIED',
    );
    expect((await preview(admin, business.id, { ...PRO, promoCode: 'TEST20X3' })).status).toBe(409);
    const twice = await as(t, admin)<Err>('POST', `${base(business.id)}/stripe_setup_intent`, {
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
      promoCode: 'TEST20X3',
    });
    expect(twice.body.code).toBe('PROMO_CODE_ALREADY_APPLIED');

    // Adding seats on the paid plan: the active 20 % applies to the prorated seats too.
    // The trial's five seats stay (the plan never takes seats away).
    const more = await seats(admin, business.id, { seats: 7 });
    expect(more.status).toBe(200);
    expect(more.body.dueNow.lines.map((l) => l.kind)).toEqual(['proration', 'discount']);
    expect(more.body.discounts).toMatchObject([{ promoCode: 'TEST20X3', status: 'ACTIVE' }]);
  });
});

describe('the seats preview', () => {
  it('is free while trialing and refuses fewer seats than in use', async () => {
    const { business, admin, member } = await businessCast(t);
    const trial = await seats(admin, business.id, { seats: 8 });
    expect(trial.status).toBe(200);
    expect(trial.body).toMatchObject({ plan: 'TRIAL', seats: 8, proration: null });
    expect(trial.body.dueNow.total).toBe(0);
    expect((await seats(admin, business.id, { seats: 1 })).body.code).toBe('SEATS_BELOW_MEMBERS');
    expect((await seats(admin, business.id, { seats: 'many' })).status).toBe(400);
    expect((await seats(member, business.id, { seats: 8 })).status).toBe(403);
  });

  it('charges added seats for the days left in the period, rounded once; fewer seats cost nothing now', async () => {
    const { business, admin } = await businessCast(t);
    const start = new Date(Date.now() - 10 * 86_400_000);
    await t.db
      .update(businesses)
      .set({
        paymentMethod: 'STRIPE',
        planName: 'PRO_V1',
        planCycle: 'monthly',
        planCurrency: 'CHF',
        planStartedAt: start,
        trialEndsAt: null,
        seats: 3,
      })
      .where(eq(businesses.id, business.id));
    const res = await seats(admin, business.id, { seats: 5, country: 'CH' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const day = (d: Date) => Math.floor(d.getTime() / 86_400_000);
    const end = addMonths(start, 1);
    const daysInCycle = day(end) - day(start);
    const daysLeft = day(end) - day(new Date());
    const amount = Math.round((2 * 4900 * daysLeft) / daysInCycle);
    expect(res.body.proration).toEqual({ daysLeft, daysInCycle });
    expect(res.body.dueNow.lines).toEqual([
      { kind: 'proration', label: 'PRO_V1', quantity: 2, unitAmount: 4900, amount },
    ]);
    // EU platform, Swiss customer: outside the seller's VAT.
    expect(res.body.dueNow.total).toBe(amount);
    expect(res.body.renewal).toMatchObject({ subtotal: 5 * 4900, at: end.toISOString() });

    const fewer = await seats(admin, business.id, { seats: 2 });
    expect(fewer.body.dueNow.total).toBe(0);
    expect(fewer.body.renewal.subtotal).toBe(2 * 4900);

    // Changing plan mid-period credits the unused days of the current one.
    const upgrade = await preview(admin, business.id, { ...PRO, plan: 'SCALE', country: 'CH' });
    expect(upgrade.body.dueNow.lines.map((l) => l.kind)).toEqual(['plan', 'credit']);
    const credit = upgrade.body.dueNow.lines[1]?.amount ?? 0;
    expect(-credit).toBe(Math.round((3 * 4900 * daysLeft) / daysInCycle));
  });
});

describe('the direct upgrade preview', () => {
  it('prices an individual plan for the caller, with an amount-off code in its currency', async () => {
    const person = await signUp(t);
    const path = '/v2/businesses/direct_upgrade/preview';
    const body = { plan: 'INDIVIDUAL_V1', cycle: 'monthly', currency: 'EUR' };
    const res = await as(t, person)<TPricePreview>('POST', path, {
      ...body,
      promoCode: 'TEST5EUR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.seats).toBe(1);
    expect(res.body.dueNow).toMatchObject({ subtotal: 1000, vat: { amount: 190 }, total: 1190 });
    expect(res.body.renewal.total).toBe(1785);
    const wrong = await as(t, person)<Err>('POST', path, { ...body, promoCode: 'TEST5CHF' });
    expect(wrong.body.code).toBe('PROMO_CODE_NOT_FOR_PLAN');
    expect((await as(t, person)<Err>('POST', path, { ...body, plan: 'GOLD' })).status).toBe(422);
    expect((await t.request('POST', `/api${path}`, { body })).status).toBe(401);
  });
});

describe('referrals', () => {
  it("a person's own code and link; the referred admin's code applies once, never one's own", async () => {
    const referrer = await signUp(t);
    const cello = await as(t, referrer)<TCello>('POST', '/v1/user/cello');
    expect(cello.status).toBe(200);
    expect(cello.body.ucc).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(new URL(cello.body.link).searchParams.get('ucc')).toBe(cello.body.ucc);
    expect((await as(t, referrer)<TCello>('POST', '/v1/user/cello')).body.ucc).toBe(cello.body.ucc);

    const { business, admin } = await businessCast(t);
    const refPath = `${base(business.id)}/coupons/referral_code`;
    expect((await as(t, admin)<TReferralCode>('GET', refPath)).body).toEqual({
      referralCode: null,
      discount: null,
    });
    await t.db.update(users).set({ celloUcc: cello.body.ucc }).where(eq(users.id, admin.user.id));
    const ref = await as(t, admin)<TReferralCode>('GET', refPath);
    expect(ref.body).toMatchObject({
      referralCode: cello.body.ucc,
      discount: { type: 'percent', percentOff: 10, duration: 'once' },
    });
    const priced = await preview(admin, business.id, { ...PRO, referralCode: cello.body.ucc });
    expect(priced.body.dueNow.lines.map((l) => l.amount)).toEqual([14700, -1470]);

    // One's own code is no referral.
    const own = await as(t, referrer)<TCello>('POST', '/v1/user/cello');
    const mine = await signUp(t);
    const mineCode = (await as(t, mine)<TCello>('POST', '/v1/user/cello')).body.ucc;
    expect(own.body.ucc).not.toBe(mineCode);
    const selfReferral = await preview(admin, business.id, {
      ...PRO,
      referralCode: (await as(t, admin)<TCello>('POST', '/v1/user/cello')).body.ucc,
    });
    expect(selfReferral.body.code).toBe('REFERRAL_CODE_INVALID');

    // Taken with the plan: the business has had its referral.
    const bought = await buy(admin, business.id, {
      plan: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 3,
      referralCode: cello.body.ucc,
    });
    expect(bought.status).toBe(200);
    expect((await as(t, admin)<TReferralCode>('GET', refPath)).body.referralCode).toBeNull();
    expect((await t.request('POST', '/api/v1/user/cello')).status).toBe(401);
  });
});
