/** Rules of plans, trials and seats (spec sections 4 and 6). Pure: no database, no DOM. */
import {
  BILLING_CYCLES,
  CURRENCIES,
  LOCKING_PAYMENT_METHODS,
  OPEN_WHILE_LOCKED,
  PLAN_NAMES,
  type TBillingCycle,
  type TCurrency,
  type TPaymentMethod,
  type TPlanState,
} from './billing.constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the billing rules read of a business. */
export type TBillingState = { paymentMethod: TPaymentMethod; trialEndsAt: Date | null };

/** When a trial that starts at `start` and lasts `days` days ends. */
export function trialEnd(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}

/** Whether the business is trialing and its trial has ended at `now`. */
export function isTrialExpired(state: TBillingState, now: Date): boolean {
  return (
    state.paymentMethod === 'TRIALING' &&
    state.trialEndsAt !== null &&
    state.trialEndsAt.getTime() <= now.getTime()
  );
}

/**
 * How the business pays at `now`: a trial past its end needs a payment method, even before the
 * daily job has written it down (so the lock never waits for the job).
 */
export function effectivePaymentMethod(state: TBillingState, now: Date): TPaymentMethod {
  return isTrialExpired(state, now) ? 'NEEDS_PAYMENT_METHOD' : state.paymentMethod;
}

/**
 * Whether a business is locked at `now` (spec section 6 "locked or trial-expired business"): its
 * payment is blocked, or its trial ended without a payment method.
 */
export function isBusinessLocked(state: TBillingState, now: Date): boolean {
  return LOCKING_PAYMENT_METHODS.includes(effectivePaymentMethod(state, now));
}

/**
 * Whether `area` (a console page name below /business, or a server action area) stays open while
 * the business is locked: members, invitations and upgrade (spec section 6).
 */
export function openWhileLocked(area: string): boolean {
  return (OPEN_WHILE_LOCKED as readonly string[]).includes(area);
}

/** Whether a trial's end reminder is due at `now`: trialing, ending within `days`, not yet ended. */
export function trialReminderDue(state: TBillingState, now: Date, days: number): boolean {
  if (state.paymentMethod !== 'TRIALING' || state.trialEndsAt === null) return false;
  const left = state.trialEndsAt.getTime() - now.getTime();
  return left > 0 && left <= days * DAY_MS;
}

/**
 * How many seats are missing when `adding` people join the `used` seats of `seats` (0 when they
 * fit): inviting beyond the seats is refused.
 */
export function missingSeats(used: number, adding: number, seats: number): number {
  return Math.max(0, used + adding - seats);
}

/** A plan as section 3 names it: the current plan and the next one, each with a name. */
export type TPlanNames = { current: string; next: string | null };

/**
 * The plan's state (spec section 4): 'cancelled' when the current plan is CANCELED, 'cancelling'
 * when the next one is (revocable until then), else 'active'.
 */
export function planState(plan: TPlanNames): TPlanState {
  if (plan.current === PLAN_NAMES.canceled) return 'cancelled';
  if (plan.next === PLAN_NAMES.canceled) return 'cancelling';
  return 'active';
}

/**
 * Whether a subscription status is a payment issue (spec section 4: any status but active or
 * incomplete_expired; none at all is no issue).
 */
export function hasPaymentIssue(subscriptionStatus: string | null | undefined): boolean {
  if (!subscriptionStatus) return false;
  return subscriptionStatus !== 'active' && subscriptionStatus !== 'incomplete_expired';
}

/** Whether a plan name is an enterprise plan (spec section 3: names starting with `ent`). */
export function isEnterprisePlan(name: string): boolean {
  return name.toLowerCase().startsWith('ent');
}

/**
 * The currency prices are shown in (spec section 9): the Swiss platform (a `.ch` host, as
 * PUBLIC_URL decides on the server) shows CHF, every other host EUR.
 */
export function displayCurrency(hostname: string): 'CHF' | 'EUR' {
  return hostname.toLowerCase().replace(/\.$/, '').endsWith('.ch') ? 'CHF' : 'EUR';
}

/**
 * Whether a plan can be cancelled now (spec section 4): a paid plan that is running — not a trial,
 * not already cancelling or cancelled.
 */
export function isCancellable(plan: TPlanNames & { paymentMethod: TPaymentMethod }): boolean {
  if (plan.paymentMethod !== 'STRIPE' && plan.paymentMethod !== 'CHARGEBEE') return false;
  return plan.current !== PLAN_NAMES.trial && planState(plan) === 'active';
}

/**
 * VAT numbers by the billing country: the EU's VIES formats (with their country prefix; Greece's
 * is EL), Switzerland's UID with an optional MWST/TVA/IVA suffix (Liechtenstein uses it too) and
 * the United Kingdom's. Checked by format only, after `normalizeVat`.
 */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  GR: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  LI: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** A VAT number as it is kept: upper case, without spaces, dots and dashes. */
export function normalizeVat(vat: string): string {
  return vat.toUpperCase().replace(/[\s.-]/g, '');
}

/**
 * What is wrong with `vat` for a business billed in `country` (ISO 3166-1 alpha-2), or null when
 * it has the country's format: 'unsupported' for a country whose format is not known here,
 * 'invalid' when it does not match.
 */
export function vatProblem(country: string, vat: string): 'unsupported' | 'invalid' | null {
  const format = VAT_FORMATS[country.toUpperCase()];
  if (!format) return 'unsupported';
  return format.test(normalizeVat(vat)) ? null : 'invalid';
}

/**
 * The lookup key of a plan's price at the payment provider (`pro_v1_monthly_chf`): the operator
 * makes one Stripe price per row of `price_plans` with this key.
 */
export function priceLookupKey(plan: string, cycle: string, currency: string): string {
  return `${plan}_${cycle}_${currency}`.toLowerCase();
}

/**
 * The plan, cycle and currency a price's lookup key names (`priceLookupKey` read back; plan names
 * are upper case), or null for a key of another shape.
 */
export function planOfLookupKey(
  key: string,
): { name: string; cycle: TBillingCycle; currency: TCurrency } | null {
  const m = /^([a-z0-9_]+)_([a-z]+)_([a-z]{3})$/.exec(key);
  const cycle = BILLING_CYCLES.find((c) => c === m?.[2]);
  const currency = CURRENCIES.find((c) => c.toLowerCase() === m?.[3]);
  if (!m?.[1] || !cycle || !currency) return null;
  return { name: m[1].toUpperCase(), cycle, currency };
}

/** What a subscription event says of its end (Stripe's fields, Unix seconds). */
export type TSubscriptionEndFields = {
  current_period_end?: number | undefined;
  cancel_at_period_end?: boolean | undefined;
  cancel_at?: number | null | undefined;
};

/**
 * Whether and when a subscription event says the subscription ends: at a set date (`cancel_at`,
 * e.g. set in Stripe's dashboard), else at its period's end (`cancel_at_period_end`); `ending`
 * false when it runs on; undefined when the event says neither.
 */
export function subscriptionEnding(
  object: TSubscriptionEndFields,
): { ending: boolean; at: Date | null } | undefined {
  if (typeof object.cancel_at === 'number') {
    return { ending: true, at: new Date(object.cancel_at * 1000) };
  }
  if (object.cancel_at_period_end === true) {
    const end = object.current_period_end;
    return { ending: true, at: end ? new Date(end * 1000) : null };
  }
  if (object.cancel_at_period_end === false || object.cancel_at === null) {
    return { ending: false, at: null };
  }
  return undefined;
}

/**
 * Where a subscription event stands in the provider's order: its time (Unix seconds), the
 * provider's sequence when it gives one (the sandbox numbers its events; Stripe does not), and
 * the subscription's own state it carries (status, period's end in Unix seconds).
 */
export type TEventOrder = {
  created: number;
  sequence?: number | null | undefined;
  status?: string | null | undefined;
  periodEnd?: number | null | undefined;
};

/** Statuses a subscription never leaves (Stripe's: it ended, or it never started). */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * Whether a subscription event comes after the last one applied (`last`; null: none yet), so it
 * may be applied — events arrive in any order and must never move a subscription back. A later
 * second is newer and an earlier one older. Within one second the provider's sequence decides
 * when both events carry one; without it (Stripe, or a change Signet recorded itself) the
 * subscription's own progression does: an ended subscription does not come back, and a later
 * period's end is newer, an earlier one older; the same state again is applied (it changes
 * nothing that matters, and a change Signet made itself in that second is confirmed by it).
 * Replays of one event are kept out before this (by event id).
 */
export function isNewerEvent(event: TEventOrder, last: TEventOrder | null): boolean {
  if (!last) return true;
  if (event.created !== last.created) return event.created > last.created;
  if (typeof event.sequence === 'number' && typeof last.sequence === 'number') {
    return event.sequence > last.sequence;
  }
  const ended = (s: string | null | undefined) => !!s && ENDED_STATUSES.has(s);
  if (ended(last.status) && !ended(event.status)) return false;
  if (typeof event.periodEnd === 'number' && typeof last.periodEnd === 'number') {
    return event.periodEnd >= last.periodEnd;
  }
  return true;
}
