import {
  PLAN_NAMES,
  type TBillingCycle,
  type TCurrency,
} from '@signet/shared/billing/billing.constants';
import { displayCurrency } from '@signet/shared/billing/billing.rules';
import {
  activeDiscounts,
  addMonths,
  currentPeriod,
  cycleMonths,
  discountApplies,
  discountEndsAt,
  planLine,
  priceInvoice,
  seatsInvoice,
  type TDiscount,
  type TPriceLine,
  type TVat,
  unusedTimeCredit,
} from '@signet/shared/billing/pricing.rules';
import type {
  TPricePreview,
  TSeatsPreviewRequest,
  TUpgradePreviewRequest,
} from '@signet/shared/billing/pricing.schema';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { TBusinessRow } from '../../db/schema/businesses.ts';
import { readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { customerVat } from './customer-vat.ts';
import { requestedDiscounts } from './discounts.ts';
import { findPricePlan, type TPricePlanRow } from './price-plans.ts';
import { businessDiscountsOf, discountDto, takenDiscountOf } from './promo-codes.ts';
import { assertSeatsCoverUse } from './subscription.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

/**
 * A new period of `plan` starting `now`: the first invoice (the plan, less the unused time of the
 * plan it replaces, less the discounts), and the renewal one cycle later (the discounts that still
 * apply to the second invoice).
 */
function newPeriodPreview(input: {
  plan: TPricePlanRow;
  seats: number;
  discounts: TDiscount[];
  credit: TPriceLine | null;
  vat: TVat;
  now: Date;
}): TPricePreview {
  const { plan, seats, discounts, vat, now } = input;
  const cycle = plan.cycle;
  const charges = [planLine(plan, seats)];
  const dueNow = priceInvoice({
    charges,
    credits: input.credit ? [input.credit] : [],
    discounts: discounts.filter((d) => discountApplies(d, cycle, 0)),
    currency: plan.currency,
    vat,
  });
  const renewalAt = addMonths(now, cycleMonths(cycle));
  const renewal = priceInvoice({
    charges: [planLine(plan, seats)],
    discounts: discounts.filter((d) => discountApplies(d, cycle, 1)),
    currency: plan.currency,
    vat,
  });
  return {
    plan: plan.name,
    cycle,
    currency: plan.currency,
    seats: plan.perSeat ? seats : 1,
    dueNow,
    renewal: { ...renewal, at: renewalAt.toISOString() },
    proration: null,
    discounts: discounts.map((d) => discountDto(d, discountEndsAt(d, cycle, now), now)),
  };
}

/** The paid plan a business is on (null while trialing or without a card). */
export async function paidPlanOf(
  db: DbOrTx,
  business: TBusinessRow,
): Promise<TPricePlanRow | null> {
  if (business.planName === PLAN_NAMES.trial || !business.planCycle || !business.planCurrency) {
    return null;
  }
  try {
    return await findPricePlan(db, {
      name: business.planName,
      cycle: business.planCycle,
      currency: business.planCurrency,
    });
  } catch {
    return null;
  }
}

/** What the unused days of the business's paid plan are worth, in `currency` (else nothing). */
function unusedTime(
  business: TBusinessRow,
  current: TPricePlanRow | null,
  currency: TCurrency,
  now: Date,
): TPriceLine | null {
  if (!current) return null;
  return unusedTimeCredit({
    plan: current,
    seats: business.seats,
    period: currentPeriod(business.planStartedAt, current.cycle, now),
    now,
    currency,
  });
}

/**
 * `POST /v2/businesses/{id}/subscriptions/upgrade/preview` (admin; open while locked): the plan
 * for `amountSeats` seats (at least those in use) from now, with its promo code and referral,
 * the unused time of a paid plan it replaces credited, and VAT by the customer's country.
 */
export async function upgradePreview(
  ctx: Ctx,
  businessId: string,
  input: TUpgradePreviewRequest,
  now = new Date(),
): Promise<TPricePreview> {
  const { business } = await readBusiness(ctx, businessId);
  return (await quoteUpgrade(ctx.db, ctx, business, input, now)).preview;
}

/**
 * What `input`'s plan costs `business` from `now` (the upgrade preview, and the upgrade that
 * follows it): the price, the discounts asked for (checked), the paid plan it replaces, and the
 * preview itself.
 */
export async function quoteUpgrade(
  db: DbOrTx,
  ctx: Pick<ServiceContext, 'principal' | 'config'>,
  business: TBusinessRow,
  input: TUpgradePreviewRequest,
  now: Date,
) {
  const plan = await findPricePlan(db, {
    name: input.plan,
    cycle: input.cycle,
    currency: input.currency,
  });
  if (plan.perSeat) await assertSeatsCoverUse(db, business.id, input.amountSeats);
  const discounts = await requestedDiscounts(db, ctx.principal.userId, input, plan, business.id);
  const current = await paidPlanOf(db, business);
  const preview = newPeriodPreview({
    plan,
    seats: input.amountSeats,
    discounts,
    credit: unusedTime(business, current, plan.currency, now),
    vat: customerVat(ctx.config, business, input),
    now,
  });
  return { plan, current, preview };
}

/**
 * `POST /v2/businesses/direct_upgrade/preview`: an individual plan for the caller (one seat),
 * from now, with its promo code and referral, and VAT by the customer's country.
 */
export async function directUpgradePreview(
  ctx: Ctx,
  input: TUpgradePreviewRequest,
  now = new Date(),
): Promise<TPricePreview> {
  const plan = await findPricePlan(ctx.db, {
    name: input.plan,
    cycle: input.cycle,
    currency: input.currency,
  });
  const discounts = await requestedDiscounts(ctx.db, ctx.principal.userId, input, plan);
  return newPeriodPreview({
    plan,
    seats: 1,
    discounts,
    credit: null,
    vat: customerVat(ctx.config, null, input),
    now,
  });
}

/**
 * `POST /v2/businesses/{id}/subscriptions/seats/preview` (admin): `seats` (at least those in
 * use). On a paid plan, added seats cost the days left of the period (rounded once), with the
 * business's active discounts; removed seats are not refunded. The renewal is the plan at the
 * new seats. While trialing nothing is due.
 */
export async function seatsPreview(
  ctx: Ctx,
  businessId: string,
  input: TSeatsPreviewRequest,
  now = new Date(),
): Promise<TPricePreview> {
  const { business } = await readBusiness(ctx, businessId);
  await assertSeatsCoverUse(ctx.db, business.id, input.seats);
  const vat = customerVat(ctx.config, business, input);
  const plan = await paidPlanOf(ctx.db, business);
  if (!plan) return trialSeatsPreview(ctx.config, business, input.seats, vat);

  const taken = (await businessDiscountsOf(ctx.db, business.id)).map(takenDiscountOf);
  const period = currentPeriod(business.planStartedAt, plan.cycle, now);
  const { daysLeft, daysInCycle, ...dueNow } = seatsInvoice({
    plan,
    added: input.seats - business.seats,
    period,
    now,
    discounts: activeDiscounts(taken, now),
    currency: plan.currency,
    vat,
  });
  const renewal = priceInvoice({
    charges: [planLine(plan, input.seats)],
    discounts: activeDiscounts(taken, period.end),
    currency: plan.currency,
    vat,
  });
  return {
    plan: plan.name,
    cycle: plan.cycle,
    currency: plan.currency,
    seats: input.seats,
    dueNow,
    renewal: { ...renewal, at: period.end.toISOString() },
    proration: { daysLeft, daysInCycle },
    discounts: taken.map((d) => discountDto(d, d.endsAt, now)),
  };
}

/** Seats while trialing: free now and until the trial ends, when a plan must be chosen. */
function trialSeatsPreview(
  config: Pick<Config, 'publicUrl'>,
  business: TBusinessRow,
  seats: number,
  vat: TVat,
): TPricePreview {
  const currency = displayCurrency(new URL(config.publicUrl).hostname);
  const empty = priceInvoice({ charges: [], discounts: [], currency, vat });
  const cycle: TBillingCycle = 'monthly';
  return {
    plan: business.planName,
    cycle,
    currency,
    seats,
    dueNow: empty,
    renewal: { ...empty, at: (business.trialEndsAt ?? new Date()).toISOString() },
    proration: null,
    discounts: [],
  };
}
