import { isEmail, isPhone } from '../validation/validation.rules.ts';

/** Plan type that marks a cancelled plan (spec section 3, "Plan names seen"). */
export const CANCELED_PLAN = 'CANCELED';

/** One plan period as the business carries it: `pricePlan.current` / `pricePlan.next`. */
export type TPlanPeriod = { base?: { type?: string | null } | null } | null | undefined;
/** The part of `pricePlan` the plan rules read. */
export type TPricePlanFacts = { current?: TPlanPeriod; next?: TPlanPeriod } | null | undefined;

/** Plan 'cancelling': the next plan is CANCELED (revoking the cancellation clears it). */
export function isPlanCancelling(pricePlan: TPricePlanFacts): boolean {
  return pricePlan?.next?.base?.type === CANCELED_PLAN;
}

/** Plan 'cancelled': the current plan is CANCELED. */
export function isPlanCancelled(pricePlan: TPricePlanFacts): boolean {
  return pricePlan?.current?.base?.type === CANCELED_PLAN;
}

/** Subscription statuses that are not a payment issue. */
export const HEALTHY_SUBSCRIPTION_STATUSES = ['active', 'incomplete_expired'] as const;

/**
 * A payment issue exists when the business has a subscription status and it is anything except
 * `active` or `incomplete_expired` (e.g. `past_due`, `unpaid`, `incomplete`). No status (no
 * card subscription at all) is no issue.
 */
export function hasPaymentIssue(subscriptionStatus: string | null | undefined): boolean {
  if (subscriptionStatus == null || subscriptionStatus === '') return false;
  return !(HEALTHY_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscriptionStatus);
}

/** `billing.paymentMethod` values (spec section 3). */
export const PAYMENT_METHODS = [
  'TRIALING',
  'NEEDS_PAYMENT_METHOD',
  'BLOCKED',
  'MANUAL',
  'STRIPE',
  'CHARGEBEE',
] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Payment states of spec section 4, one per payment method. */
export const PAYMENT_STATES = [
  'trialing',
  'trialExpired',
  'locked',
  'manualInvoice',
  'stripe',
  'chargebee',
] as const;
export type TPaymentState = (typeof PAYMENT_STATES)[number];

const PAYMENT_STATE_OF: Record<TPaymentMethod, TPaymentState> = {
  TRIALING: 'trialing',
  NEEDS_PAYMENT_METHOD: 'trialExpired',
  BLOCKED: 'locked',
  MANUAL: 'manualInvoice',
  STRIPE: 'stripe',
  CHARGEBEE: 'chargebee',
};

/**
 * The payment state of a business from `billing.paymentMethod`: trialing, trial expired (needs a
 * payment method), locked (blocked), manual invoice, stripe or chargebee; `null` when unknown.
 */
export function paymentState(paymentMethod: string | null | undefined): TPaymentState | null {
  if (paymentMethod == null) return null;
  return Object.hasOwn(PAYMENT_STATE_OF, paymentMethod)
    ? PAYMENT_STATE_OF[paymentMethod as TPaymentMethod]
    : null;
}

/**
 * A business is restricted (spec section 6: admins only reach members, upgrade and logout;
 * members see the locked-member dialog) when it is locked or its trial expired.
 */
export function isBusinessRestricted(paymentMethod: string | null | undefined): boolean {
  const state = paymentState(paymentMethod);
  return state === 'locked' || state === 'trialExpired';
}

/** A business's support contact as stored or entered. */
export type TSupportContactInput = { email?: string | null; phone?: string | null };

/**
 * The support contact with an invalid e-mail or phone blanked (`''`); valid values are trimmed.
 */
export function sanitiseSupportContact(contact: TSupportContactInput | null | undefined): {
  email: string;
  phone: string;
} {
  const email = contact?.email?.trim() ?? '';
  const phone = contact?.phone?.trim() ?? '';
  return { email: isEmail(email) ? email : '', phone: isPhone(phone) ? phone : '' };
}
