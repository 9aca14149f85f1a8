import { describe, expect, it } from 'vitest';
import {
  displayCurrency,
  effectivePaymentMethod,
  hasPaymentIssue,
  isBusinessLocked,
  isCancellable,
  isEnterprisePlan,
  isNewerEvent,
  isTrialExpired,
  missingSeats,
  normalizeVat,
  openWhileLocked,
  planOfLookupKey,
  planState,
  priceLookupKey,
  subscriptionEnding,
  trialEnd,
  trialReminderDue,
  vatProblem,
} from './billing.rules.ts';

const now = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('trials', () => {
  it('end the given number of days after they start', () => {
    expect(trialEnd(at('2026-03-01T08:00:00Z'), 14).toISOString()).toBe('2026-03-15T08:00:00.000Z');
  });

  it('expire at their end, not before', () => {
    const state = { paymentMethod: 'TRIALING' as const, trialEndsAt: now };
    expect(isTrialExpired(state, new Date(now.getTime() - 1))).toBe(false);
    expect(isTrialExpired(state, now)).toBe(true);
    expect(effectivePaymentMethod(state, now)).toBe('NEEDS_PAYMENT_METHOD');
    expect(effectivePaymentMethod(state, new Date(now.getTime() - 1))).toBe('TRIALING');
  });

  it('only a trialing business has a trial that can expire', () => {
    const paid = { paymentMethod: 'STRIPE' as const, trialEndsAt: at('2026-01-01T00:00:00Z') };
    expect(isTrialExpired(paid, now)).toBe(false);
    expect(isBusinessLocked(paid, now)).toBe(false);
  });

  it('remind in the last days of a trial only', () => {
    const state = { paymentMethod: 'TRIALING' as const, trialEndsAt: at('2026-03-12T12:00:00Z') };
    expect(trialReminderDue(state, now, 3)).toBe(true);
    expect(trialReminderDue(state, now, 1)).toBe(false);
    expect(trialReminderDue(state, at('2026-03-13T00:00:00Z'), 3)).toBe(false);
    expect(trialReminderDue({ ...state, paymentMethod: 'MANUAL' }, now, 3)).toBe(false);
  });
});

describe('locked businesses (spec section 6)', () => {
  it('are those blocked, needing a payment method, or past their trial', () => {
    expect(isBusinessLocked({ paymentMethod: 'BLOCKED', trialEndsAt: null }, now)).toBe(true);
    expect(
      isBusinessLocked({ paymentMethod: 'NEEDS_PAYMENT_METHOD', trialEndsAt: null }, now),
    ).toBe(true);
    expect(isBusinessLocked({ paymentMethod: 'TRIALING', trialEndsAt: now }, now)).toBe(true);
    expect(
      isBusinessLocked({ paymentMethod: 'TRIALING', trialEndsAt: at('2026-04-01T00:00:00Z') }, now),
    ).toBe(false);
    expect(isBusinessLocked({ paymentMethod: 'MANUAL', trialEndsAt: null }, now)).toBe(false);
  });

  it('keep members, invitations and upgrade open, nothing else', () => {
    for (const area of ['members', 'invitations', 'upgrade'])
      expect(openWhileLocked(area)).toBe(true);
    for (const area of ['settings', 'domains', 'profile', 'billing', '']) {
      expect(openWhileLocked(area)).toBe(false);
    }
  });
});

describe('seats', () => {
  it('count what is missing for the newcomers', () => {
    expect(missingSeats(3, 2, 5)).toBe(0);
    expect(missingSeats(3, 3, 5)).toBe(1);
    expect(missingSeats(6, 0, 5)).toBe(1);
  });
});

describe('plans (spec section 4)', () => {
  it('are cancelling when the next plan is CANCELED and cancelled when the current one is', () => {
    expect(planState({ current: 'PRO_V1', next: null })).toBe('active');
    expect(planState({ current: 'PRO_V1', next: 'CANCELED' })).toBe('cancelling');
    expect(planState({ current: 'CANCELED', next: null })).toBe('cancelled');
  });

  it('have a payment issue in any status but active and incomplete_expired', () => {
    expect(hasPaymentIssue('active')).toBe(false);
    expect(hasPaymentIssue('incomplete_expired')).toBe(false);
    expect(hasPaymentIssue(null)).toBe(false);
    for (const s of ['trialing', 'past_due', 'canceled', 'incomplete', 'unpaid']) {
      expect(hasPaymentIssue(s)).toBe(true);
    }
  });

  it('name enterprise plans by their prefix', () => {
    expect(isEnterprisePlan('ent_acme_2026')).toBe(true);
    expect(isEnterprisePlan('PRO_V1')).toBe(false);
  });
});

describe('the display currency (spec section 9)', () => {
  it('is CHF on the Swiss platform and EUR elsewhere', () => {
    expect(displayCurrency('signet.ch')).toBe('CHF');
    expect(displayCurrency('APP.SIGNET.CH.')).toBe('CHF');
    expect(displayCurrency('signet.eu')).toBe('EUR');
    expect(displayCurrency('localhost')).toBe('EUR');
    expect(displayCurrency('ch.example.com')).toBe('EUR');
  });
});

describe('cancelling (spec section 4)', () => {
  it('is open to a running paid plan only', () => {
    const paid = { current: 'PRO_V1', next: null, paymentMethod: 'STRIPE' as const };
    expect(isCancellable(paid)).toBe(true);
    expect(isCancellable({ ...paid, paymentMethod: 'CHARGEBEE' })).toBe(true);
    expect(isCancellable({ ...paid, next: 'CANCELED' })).toBe(false);
    expect(isCancellable({ ...paid, current: 'CANCELED' })).toBe(false);
    expect(isCancellable({ ...paid, current: 'TRIAL', paymentMethod: 'TRIALING' })).toBe(false);
    expect(isCancellable({ ...paid, paymentMethod: 'MANUAL' })).toBe(false);
    expect(isCancellable({ ...paid, paymentMethod: 'NEEDS_PAYMENT_METHOD' })).toBe(false);
  });
});

describe('VAT numbers', () => {
  it('are normalised and checked by the billing country’s format', () => {
    expect(normalizeVat('che-123.456.789 mwst')).toBe('CHE123456789MWST');
    expect(vatProblem('CH', 'CHE-123.456.789 MWST')).toBeNull();
    expect(vatProblem('CH', 'CHE-123.456.789')).toBeNull();
    expect(vatProblem('ch', 'CHE-123.456.78')).toBe('invalid');
    expect(vatProblem('DE', 'DE 123 456 789')).toBeNull();
    expect(vatProblem('DE', 'DE12345678')).toBe('invalid');
    expect(vatProblem('DE', 'ATU12345678')).toBe('invalid');
    expect(vatProblem('AT', 'ATU12345678')).toBeNull();
    expect(vatProblem('GR', 'EL123456789')).toBeNull();
    expect(vatProblem('NL', 'NL123456789B01')).toBeNull();
    expect(vatProblem('FR', 'FRXX123456789')).toBeNull();
    expect(vatProblem('FR', 'FRIO123456789')).toBe('invalid');
    expect(vatProblem('US', '12-3456789')).toBe('unsupported');
  });
});

describe("a price's lookup key at the provider", () => {
  it('names the plan, cycle and currency, and is read back', () => {
    expect(priceLookupKey('PRO_V1', 'monthly', 'CHF')).toBe('pro_v1_monthly_chf');
    expect(planOfLookupKey('pro_v1_monthly_chf')).toEqual({
      name: 'PRO_V1',
      cycle: 'monthly',
      currency: 'CHF',
    });
    expect(planOfLookupKey(priceLookupKey('INDIVIDUAL_V1', 'yearly', 'EUR'))).toEqual({
      name: 'INDIVIDUAL_V1',
      cycle: 'yearly',
      currency: 'EUR',
    });
  });

  it('reads no plan from a key of another shape', () => {
    for (const key of [
      '',
      'pro_v1',
      'pro_v1_weekly_chf',
      'pro_v1_monthly_usd',
      'PRO-V1 monthly chf',
    ]) {
      expect(planOfLookupKey(key)).toBeNull();
    }
  });
});

describe('when a subscription event says it ends', () => {
  const end = Date.parse('2026-04-10T12:00:00Z') / 1000;
  const set = Date.parse('2026-03-20T00:00:00Z') / 1000;
  it("at a date set at the provider (cancel_at), before its period's end", () => {
    expect(
      subscriptionEnding({ current_period_end: end, cancel_at_period_end: false, cancel_at: set }),
    ).toEqual({ ending: true, at: new Date(set * 1000) });
  });
  it("at its period's end (cancel_at_period_end)", () => {
    expect(subscriptionEnding({ current_period_end: end, cancel_at_period_end: true })).toEqual({
      ending: true,
      at: new Date(end * 1000),
    });
  });
  it('not (runs on), or the event does not say', () => {
    expect(
      subscriptionEnding({ current_period_end: end, cancel_at_period_end: false, cancel_at: null }),
    ).toEqual({ ending: false, at: null });
    expect(subscriptionEnding({ cancel_at: null })).toEqual({ ending: false, at: null });
    expect(subscriptionEnding({ current_period_end: end })).toBeUndefined();
  });
});

describe('isNewerEvent (the order of subscription events)', () => {
  const second = 1_800_000_000;
  it('orders by second, then by the provider sequence within one', () => {
    expect(isNewerEvent({ created: second }, null)).toBe(true);
    expect(
      isNewerEvent({ created: second + 1, sequence: 1 }, { created: second, sequence: 9 }),
    ).toBe(true);
    expect(
      isNewerEvent({ created: second - 1, sequence: 9 }, { created: second, sequence: 1 }),
    ).toBe(false);
    expect(isNewerEvent({ created: second, sequence: 8 }, { created: second, sequence: 7 })).toBe(
      true,
    );
    expect(isNewerEvent({ created: second, sequence: 7 }, { created: second, sequence: 8 })).toBe(
      false,
    );
    // The same event again is not newer than itself.
    expect(isNewerEvent({ created: second, sequence: 8 }, { created: second, sequence: 8 })).toBe(
      false,
    );
  });

  it("without a sequence, follows the subscription's own progression within one second", () => {
    const active = { created: second, status: 'active', periodEnd: second + 2_592_000 };
    // An ended subscription does not come back; ending is newer.
    expect(isNewerEvent(active, { created: second, status: 'canceled' })).toBe(false);
    expect(isNewerEvent(active, { created: second, status: 'incomplete_expired' })).toBe(false);
    expect(isNewerEvent({ created: second, status: 'canceled' }, active)).toBe(true);
    // A renewal's later period is newer; the earlier period is older.
    expect(isNewerEvent({ ...active, periodEnd: second + 5_000_000 }, active)).toBe(true);
    expect(isNewerEvent(active, { ...active, periodEnd: second + 5_000_000 })).toBe(false);
    // The same state (or a change Signet recorded without a sequence) is applied.
    expect(isNewerEvent({ ...active, sequence: 3 }, { created: second, sequence: null })).toBe(
      true,
    );
    expect(isNewerEvent(active, active)).toBe(true);
  });
});
