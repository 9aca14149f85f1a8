import { describe, expect, it } from 'vitest';
import {
  hasPaymentIssue,
  isBusinessRestricted,
  isPlanCancelled,
  isPlanCancelling,
  PAYMENT_METHODS,
  paymentState,
  sanitiseSupportContact,
  type TPricePlanFacts,
} from './business.rules.ts';

const plan = (current?: string | null, next?: string | null): TPricePlanFacts => ({
  current: current === undefined ? undefined : { base: { type: current } },
  next: next === undefined ? undefined : { base: { type: next } },
});

describe('plan cancelling / cancelled', () => {
  it.each([
    [plan('PRO_V1', 'CANCELED'), true, false],
    [plan('PRO_V1', 'SCALE'), false, false],
    [plan('PRO_V1', null), false, false],
    [plan('PRO_V1'), false, false],
    [plan('CANCELED'), false, true],
    [plan('CANCELED', 'CANCELED'), true, true],
    [plan('canceled', 'canceled'), false, false],
    [{ current: null, next: { base: null } }, false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%j → cancelling %s, cancelled %s', (pricePlan, cancelling, cancelled) => {
    expect(isPlanCancelling(pricePlan)).toBe(cancelling);
    expect(isPlanCancelled(pricePlan)).toBe(cancelled);
  });
});

describe('hasPaymentIssue', () => {
  it.each([
    ['active', false],
    ['incomplete_expired', false],
    ['past_due', true],
    ['unpaid', true],
    ['incomplete', true],
    ['canceled', true],
    ['trialing', true],
    ['ACTIVE', true],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (status, expected) => {
    expect(hasPaymentIssue(status)).toBe(expected);
  });
});

describe('paymentState', () => {
  it.each([
    ['TRIALING', 'trialing'],
    ['NEEDS_PAYMENT_METHOD', 'trialExpired'],
    ['BLOCKED', 'locked'],
    ['MANUAL', 'manualInvoice'],
    ['STRIPE', 'stripe'],
    ['CHARGEBEE', 'chargebee'],
    ['stripe', null],
    ['toString', null],
    ['', null],
    [null, null],
  ])('%j → %j', (method, expected) => {
    expect(paymentState(method)).toBe(expected);
  });

  it('gives every payment method its own state', () => {
    const states = PAYMENT_METHODS.map(paymentState);
    expect(states).not.toContain(null);
    expect(new Set(states).size).toBe(PAYMENT_METHODS.length);
  });

  it.each([
    ['BLOCKED', true],
    ['NEEDS_PAYMENT_METHOD', true],
    ['TRIALING', false],
    ['STRIPE', false],
    [undefined, false],
  ])('restricted %j → %s', (method, expected) => {
    expect(isBusinessRestricted(method)).toBe(expected);
  });
});

describe('sanitiseSupportContact', () => {
  it.each([
    [
      { email: 'help@acme.ch', phone: '044 123 4567' },
      { email: 'help@acme.ch', phone: '044 123 4567' },
    ],
    [
      { email: ' help@acme.ch ', phone: ' 0441234567 ' },
      { email: 'help@acme.ch', phone: '0441234567' },
    ],
    [
      { email: 'help@acme', phone: '12' },
      { email: '', phone: '' },
    ],
    [
      { email: 'help@acme.ch', phone: 'call us' },
      { email: 'help@acme.ch', phone: '' },
    ],
    [
      { email: '..@acme.ch', phone: '+(044) 123-4567' },
      { email: '', phone: '+(044) 123-4567' },
    ],
    [
      { email: null, phone: undefined },
      { email: '', phone: '' },
    ],
    [null, { email: '', phone: '' }],
  ])('%j → %j', (contact, expected) => {
    expect(sanitiseSupportContact(contact)).toEqual(expected);
  });
});
