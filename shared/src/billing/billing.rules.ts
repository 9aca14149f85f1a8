/** Rules of plans, trials and seats (spec sections 4 and 6). Pure: no database, no DOM. */
import {
  LOCKING_PAYMENT_METHODS,
  OPEN_WHILE_LOCKED,
  PLAN_NAMES,
  type TPaymentMethod,
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
export function planState(plan: TPlanNames): 'active' | 'cancelling' | 'cancelled' {
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
