import { describe, expect, it } from 'vitest';
import { FREE_SIGNATURES_PER_MONTH } from './plan.constants.ts';
import {
  formatPrice,
  freeMigrationDue,
  freeQuotaApplies,
  freeSignaturesLeft,
  individualPlanState,
  onNewFreePlan,
  planAllowsUpload,
  quotaPeriod,
  userPlanKind,
} from './plan.rules.ts';

const free = { freeAccountType: 'free_v1', individualPlan: null, businessSeat: false } as const;

describe('plan rules', () => {
  it('puts a business seat first, then the individual plan, else free', () => {
    expect(userPlanKind(free)).toBe('free');
    expect(userPlanKind({ ...free, individualPlan: 'INDIVIDUAL_V1' })).toBe('individual');
    expect(userPlanKind({ ...free, individualPlan: 'INDIVIDUAL_V1', businessSeat: true })).toBe(
      'business',
    );
  });

  it('refuses uploads on the new free plan only (free_v1, free_migrated)', () => {
    expect(planAllowsUpload(free)).toBe(false);
    expect(planAllowsUpload({ ...free, freeAccountType: 'free_migrated' })).toBe(false);
    expect(onNewFreePlan({ ...free, freeAccountType: 'free_legacy' })).toBe(false);
    expect(planAllowsUpload({ ...free, freeAccountType: 'free_legacy' })).toBe(true);
    expect(planAllowsUpload({ ...free, individualPlan: 'INDIVIDUAL_V1' })).toBe(true);
    expect(planAllowsUpload({ ...free, businessSeat: true })).toBe(true);
  });

  it('applies the free quota without a paid plan, legacy included', () => {
    expect(freeQuotaApplies(free)).toBe(true);
    expect(freeQuotaApplies({ ...free, freeAccountType: 'free_legacy' })).toBe(true);
    expect(freeQuotaApplies({ ...free, individualPlan: 'INDIVIDUAL_V1' })).toBe(false);
    expect(freeQuotaApplies({ ...free, businessSeat: true })).toBe(false);
    expect(freeSignaturesLeft(0)).toBe(FREE_SIGNATURES_PER_MONTH);
    expect(freeSignaturesLeft(FREE_SIGNATURES_PER_MONTH)).toBe(0);
    expect(freeSignaturesLeft(FREE_SIGNATURES_PER_MONTH + 3)).toBe(0);
  });

  it('counts per calendar month in UTC', () => {
    expect(quotaPeriod(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(quotaPeriod(new Date('2026-02-01T00:00:00Z')).end).toEqual(
      new Date('2026-03-01T00:00:00Z'),
    );
  });

  it('writes prices from minor units', () => {
    expect(formatPrice(1500, 'EUR', 'en-gb')).toBe('€15.00');
    expect(formatPrice(16000, 'CHF', 'de-ch')).toMatch(/^CHF.160\.00$/);
  });

  it("states an individual plan as a business's: active, cancelling until its end, then cancelled", () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(individualPlanState({ name: null, endsAt: null }, now)).toBeNull();
    expect(individualPlanState({ name: 'INDIVIDUAL_V1', endsAt: null }, now)).toBe('active');
    const later = new Date('2026-12-28T12:00:00Z');
    expect(individualPlanState({ name: 'INDIVIDUAL_V1', endsAt: later }, now)).toBe('cancelling');
    expect(individualPlanState({ name: 'INDIVIDUAL_V1', endsAt: now }, now)).toBe('cancelled');
  });

  it('asks only a legacy free account without a paid plan to migrate', () => {
    expect(freeMigrationDue({ ...free, freeAccountType: 'free_legacy' })).toBe(true);
    expect(freeMigrationDue(free)).toBe(false);
    expect(freeMigrationDue({ ...free, freeAccountType: 'free_migrated' })).toBe(false);
    expect(freeMigrationDue({ ...free, freeAccountType: 'free_legacy', businessSeat: true })).toBe(
      false,
    );
    expect(
      freeMigrationDue({
        ...free,
        freeAccountType: 'free_legacy',
        individualPlan: 'INDIVIDUAL_V1',
      }),
    ).toBe(false);
  });
});
