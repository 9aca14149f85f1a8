/** Rules of an individual's plan (spec sections 2 and 5). Pure: no database, no DOM. */
import { PLAN_NAMES, type TPlanState } from '../billing/billing.constants.ts';
import { planState } from '../billing/billing.rules.ts';
import type { TFreeAccountType } from '../user/user.constants.ts';
import {
  FREE_SIGNATURES_PER_MONTH,
  NEW_FREE_ACCOUNT_TYPES,
  type TUserPlanKind,
} from './plan.constants.ts';

/** What the plan rules read of a user. */
export type TPlanFacts = {
  freeAccountType: TFreeAccountType;
  /** The individual plan's name (INDIVIDUAL_…) while it runs, else null. */
  individualPlan: string | null;
  /** A member of a business (or its API user): a business seat is a paid plan. */
  businessSeat: boolean;
};

/** The user's plan: a business seat first, then the individual plan, else free. */
export function userPlanKind(facts: TPlanFacts): TUserPlanKind {
  if (facts.businessSeat) return 'business';
  if (facts.individualPlan) return 'individual';
  return 'free';
}

/** Whether the user is on the new free plan (free_v1 or free_migrated, nothing paid). */
export function onNewFreePlan(facts: TPlanFacts): boolean {
  return userPlanKind(facts) === 'free' && NEW_FREE_ACCOUNT_TYPES.includes(facts.freeAccountType);
}

/** Whether the plan includes uploading documents (every plan but the new free plan). */
export function planAllowsUpload(facts: TPlanFacts): boolean {
  return !onNewFreePlan(facts);
}

/** Whether the free signature quota applies to the user (no paid plan). */
export function freeQuotaApplies(facts: TPlanFacts): boolean {
  return userPlanKind(facts) === 'free';
}

/** Free signatures left of `used` this month (never below 0). */
export function freeSignaturesLeft(used: number, quota = FREE_SIGNATURES_PER_MONTH): number {
  return Math.max(0, quota - used);
}

/** The calendar month (UTC) `now` falls in: the quota's period, [start, end). */
export function quotaPeriod(now: Date): { start: Date; end: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
}

/** A price in minor units (cents, Rappen) as `locale` writes it in `currency`. */
export function formatPrice(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/** What is recorded of an individual plan: its name and, once cancelled, when it ends. */
export type TIndividualPlanRecord = { name: string | null; endsAt: Date | null };

/**
 * The individual plan's state, by the business's rule (spec section 4): 'cancelling' once
 * cancelled (the next plan is CANCELED; revocable until `endsAt`), 'cancelled' from `endsAt` on
 * (the current plan is CANCELED: the user is on the free plan again), else 'active'; null
 * without one.
 */
export function individualPlanState(plan: TIndividualPlanRecord, now: Date): TPlanState | null {
  if (!plan.name) return null;
  const ended = plan.endsAt !== null && plan.endsAt.getTime() <= now.getTime();
  return planState({
    current: ended ? PLAN_NAMES.canceled : plan.name,
    next: plan.endsAt ? PLAN_NAMES.canceled : null,
  });
}

/**
 * Whether the free migration dialog is due (spec section 3's free migration): an account still
 * on the legacy free plan with no paid plan, which is asked to move to the new free plan or to
 * the individual plan (the fair-flat migration).
 */
export function freeMigrationDue(facts: TPlanFacts): boolean {
  return userPlanKind(facts) === 'free' && facts.freeAccountType === 'free_legacy';
}
