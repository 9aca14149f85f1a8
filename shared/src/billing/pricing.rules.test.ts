import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES, CURRENCIES, MAX_SEATS } from './billing.constants.ts';
import { DISCOUNT_DURATIONS, VAT_RATES_BP } from './pricing.constants.ts';
import {
  addMonths,
  currentPeriod,
  discountApplies,
  discountEndsAt,
  discountStatus,
  divRound,
  isEuVatNumber,
  planAmount,
  priceInvoice,
  prorate,
  type TDiscount,
  vatAmount,
  vatFor,
} from './pricing.rules.ts';

const d = (s: string) => new Date(s);

describe('VAT by country', () => {
  it('charges Swiss VAT in Switzerland and Liechtenstein on the Swiss platform, nothing abroad', () => {
    expect(vatFor({ platform: 'CH', country: 'CH' })).toEqual({
      country: 'CH',
      rate: 810,
      treatment: 'standard',
    });
    expect(vatFor({ platform: 'CH', country: 'LI' }).rate).toBe(810);
    expect(vatFor({ platform: 'CH', country: 'DE' })).toEqual({
      country: 'DE',
      rate: 0,
      treatment: 'outside_scope',
    });
    expect(vatFor({ platform: 'CH' }).rate).toBe(810);
  });

  it("charges an EU customer their country's rate, reverse-charges a foreign VAT number, nothing outside the EU", () => {
    expect(vatFor({ platform: 'EU', country: 'FR' })).toMatchObject({ rate: 2000 });
    expect(vatFor({ platform: 'EU', country: 'fr', vatNumber: 'FR 40 303 265 045' })).toEqual({
      country: 'FR',
      rate: 0,
      treatment: 'reverse_charge',
    });
    // A malformed number is no VAT number: the customer pays French VAT.
    expect(vatFor({ platform: 'EU', country: 'FR', vatNumber: 'FR123' }).rate).toBe(2000);
    // The seller's own country charges its VAT even to a business.
    expect(vatFor({ platform: 'EU', country: 'DE', vatNumber: 'DE123456789' })).toMatchObject({
      rate: 1900,
      treatment: 'standard',
    });
    expect(vatFor({ platform: 'EU', country: 'CH' }).treatment).toBe('outside_scope');
    expect(vatFor({ platform: 'EU', country: 'US' }).rate).toBe(0);
    expect(vatFor({ platform: 'EU' })).toMatchObject({ country: 'DE', rate: 1900 });
  });

  it('checks VAT numbers by format per member state (Greece writes EL)', () => {
    expect(isEuVatNumber('AT', 'ATU12345678')).toBe(true);
    expect(isEuVatNumber('GR', 'EL123456789')).toBe(true);
    expect(isEuVatNumber('GR', 'GR123456789')).toBe(false);
    expect(isEuVatNumber('NL', 'nl123456789b01')).toBe(true);
    expect(isEuVatNumber('DE', 'DE12345678')).toBe(false);
    expect(isEuVatNumber('CH', 'CHE-123.456.789')).toBe(false);
  });

  it('rounds half up, once', () => {
    expect(vatAmount(1000, 810)).toBe(81);
    expect(vatAmount(1234, 810)).toBe(100); // 99.954
    expect(vatAmount(50, 1000)).toBe(5);
    expect(vatAmount(5, 1000)).toBe(1); // 0.5 → 1
    expect(divRound(7, 2)).toBe(4);
  });
});

describe('billing periods and proration', () => {
  it('counts months from the anchor, clamping the day to the end of the month', () => {
    expect(addMonths(d('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(d('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(d('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(currentPeriod(d('2026-01-31T00:00:00Z'), 'monthly', d('2026-03-05T00:00:00Z'))).toEqual({
      start: d('2026-02-28T00:00:00Z'),
      end: d('2026-03-31T00:00:00Z'),
    });
    expect(currentPeriod(d('2025-06-01T00:00:00Z'), 'yearly', d('2026-06-01T00:00:00Z'))).toEqual({
      start: d('2026-06-01T00:00:00Z'),
      end: d('2027-06-01T00:00:00Z'),
    });
  });

  it('charges the days left over the days in the cycle, rounded once', () => {
    const period = { start: d('2026-04-01T00:00:00Z'), end: d('2026-05-01T00:00:00Z') };
    expect(prorate(4500, period, d('2026-04-01T09:00:00Z'))).toEqual({
      amount: 4500,
      daysLeft: 30,
      daysInCycle: 30,
    });
    expect(prorate(4500, period, d('2026-04-21T12:00:00Z'))).toEqual({
      amount: 1500,
      daysLeft: 10,
      daysInCycle: 30,
    });
    expect(prorate(1000, period, d('2026-04-30T23:00:00Z')).amount).toBe(33); // 33.33
  });

  it('holds for random anchors, cycles and dates: the period holds now and proration stays within the price', () => {
    fc.assert(
      fc.property(
        fc.date({ min: d('2020-01-01'), max: d('2030-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 3 * 366 * 24 }),
        fc.constantFrom(...BILLING_CYCLES),
        fc.integer({ min: 0, max: 100_000_000 }),
        (anchor, hours, cycle, amount) => {
          const now = new Date(anchor.getTime() + hours * 3_600_000);
          const period = currentPeriod(anchor, cycle, now);
          expect(period.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(period.end.getTime()).toBeGreaterThan(now.getTime());
          const p = prorate(amount, period, now);
          expect(Number.isInteger(p.amount)).toBe(true);
          expect(p.amount).toBeGreaterThanOrEqual(0);
          expect(p.amount).toBeLessThanOrEqual(amount);
          expect(p.daysLeft).toBeLessThanOrEqual(p.daysInCycle);
        },
      ),
    );
  });
});

describe('discounts', () => {
  const once: TDiscount = {
    code: 'WELCOME',
    type: 'percent',
    percentOff: 25,
    amountOff: null,
    currency: null,
    duration: 'once',
    durationMonths: null,
  };
  const threeMonths = { ...once, duration: 'repeating', durationMonths: 3 } as const;

  it('apply to the invoices of their duration and are then used up', () => {
    expect([0, 1].map((i) => discountApplies(once, 'monthly', i))).toEqual([true, false]);
    expect([0, 2, 3].map((i) => discountApplies(threeMonths, 'monthly', i))).toEqual([
      true,
      true,
      false,
    ]);
    expect([0, 1].map((i) => discountApplies(threeMonths, 'yearly', i))).toEqual([true, false]);
    const start = d('2026-01-10T00:00:00Z');
    const ends = discountEndsAt(threeMonths, 'monthly', start);
    expect(ends?.toISOString()).toBe('2026-04-10T00:00:00.000Z');
    expect(discountEndsAt(once, 'yearly', start)?.toISOString()).toBe('2027-01-10T00:00:00.000Z');
    expect(discountEndsAt({ ...once, duration: 'forever' }, 'monthly', start)).toBeNull();
    expect(discountStatus(ends, d('2026-04-09T00:00:00Z'))).toBe('ACTIVE');
    expect(discountStatus(ends, d('2026-04-10T00:00:00Z'))).toBe('USED_UP');
    expect(discountStatus(null, d('2099-01-01T00:00:00Z'))).toBe('ACTIVE');
  });

  it('price an invoice: lines, discount, VAT and total to the cent', () => {
    const invoice = priceInvoice({
      charges: [{ kind: 'plan', label: 'PRO_V1', quantity: 3, unitAmount: 4900, amount: 14700 }],
      discounts: [once],
      currency: 'CHF',
      vat: { country: 'CH', rate: 810, treatment: 'standard' },
    });
    expect(invoice.lines.map((l) => l.amount)).toEqual([14700, -3675]);
    expect(invoice.subtotal).toBe(11025);
    expect(invoice.vat.amount).toBe(893); // 893.025
    expect(invoice.total).toBe(11918);
  });

  it('an amount off in another currency takes nothing off; more than the price takes the price', () => {
    const tenEuro: TDiscount = {
      ...once,
      type: 'amount',
      percentOff: null,
      amountOff: 1000,
      currency: 'EUR',
    };
    const charges = [
      { kind: 'plan', label: 'X', quantity: 1, unitAmount: 600, amount: 600 },
    ] as const;
    const vat = { country: 'DE', rate: 1900, treatment: 'standard' } as const;
    expect(
      priceInvoice({ charges: [...charges], discounts: [tenEuro], currency: 'CHF', vat }).total,
    ).toBe(714);
    expect(
      priceInvoice({ charges: [...charges], discounts: [tenEuro], currency: 'EUR', vat }).total,
    ).toBe(0);
  });
});

const arbDiscount: fc.Arbitrary<TDiscount> = fc.oneof(
  fc.record({
    code: fc.constant('P'),
    type: fc.constant('percent' as const),
    percentOff: fc.integer({ min: 1, max: 100 }),
    amountOff: fc.constant(null),
    currency: fc.constant(null),
    duration: fc.constantFrom(...DISCOUNT_DURATIONS),
    durationMonths: fc.integer({ min: 1, max: 36 }),
  }),
  fc.record({
    code: fc.constant('A'),
    type: fc.constant('amount' as const),
    percentOff: fc.constant(null),
    amountOff: fc.integer({ min: 1, max: 10_000_000 }),
    currency: fc.constantFrom(...CURRENCIES),
    duration: fc.constantFrom(...DISCOUNT_DURATIONS),
    durationMonths: fc.integer({ min: 1, max: 36 }),
  }),
);

describe('invoices over random plans, seats, promo codes, countries and dates', () => {
  it('totals are the sum of the lines plus VAT, never negative, VAT rounded once from the net', () => {
    const countries = [...Object.keys(VAT_RATES_BP), 'US', 'GB', null];
    fc.assert(
      fc.property(
        fc.record({
          unitAmount: fc.integer({ min: 0, max: 200_000 }),
          perSeat: fc.boolean(),
        }),
        fc.integer({ min: 1, max: MAX_SEATS }),
        fc.array(arbDiscount, { maxLength: 3 }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom('CH' as const, 'EU' as const),
        fc.constantFrom(...countries),
        fc.boolean(),
        fc.date({ min: d('2020-01-01'), max: d('2030-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 400 * 24 }),
        fc.constantFrom(...BILLING_CYCLES),
        (plan, seats, discounts, currency, platform, country, prorated, anchor, hours, cycle) => {
          const gross = planAmount(plan, seats);
          const now = new Date(anchor.getTime() + hours * 3_600_000);
          const amount = prorated
            ? prorate(gross, currentPeriod(anchor, cycle, now), now).amount
            : gross;
          const vat = vatFor({ platform, country });
          const invoice = priceInvoice({
            charges: [
              { kind: 'plan', label: 'P', quantity: seats, unitAmount: plan.unitAmount, amount },
            ],
            discounts,
            currency,
            vat,
          });
          const sum = invoice.lines.reduce((s, l) => s + l.amount, 0);
          expect(invoice.subtotal).toBe(sum);
          expect(invoice.subtotal).toBeGreaterThanOrEqual(0);
          expect(invoice.subtotal).toBeLessThanOrEqual(amount);
          for (const l of invoice.lines) expect(Number.isInteger(l.amount)).toBe(true);
          expect(invoice.vat.amount).toBe(divRound(invoice.subtotal * vat.rate, 10_000));
          expect(
            Math.abs(invoice.vat.amount * 10_000 - invoice.subtotal * vat.rate),
          ).toBeLessThanOrEqual(5_000);
          expect(invoice.total).toBe(invoice.subtotal + invoice.vat.amount);
          expect(invoice.total).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
