import {
  PLAN_NAMES,
  type TBillingCycle,
  type TCurrency,
} from '@signet/shared/billing/billing.constants';
import { displayCurrency } from '@signet/shared/billing/billing.rules';
import {
  addMonths,
  currentPeriod,
  cycleMonths,
  discountApplies,
  discountEndsAt,
  planAmount,
  priceInvoice,
  prorate,
  type TDiscount,
  type TPriceLine,
  type TVat,
  vatFor,
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
import { requestedDiscounts } from './discounts.ts';
import { findPricePlan, type TPricePlanRow } from './price-plans.ts';
import { businessDiscountsOf, discountDto, discountOf } from './promo-codes.ts';
import { assertSeatsCoverUse } from './subscription.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

const planLine = (plan: TPricePlanRow, seats: number): TPriceLine => ({
  kind: 'plan',
  label: plan.name,
  quantity: plan.perSeat ? seats : 1,
  unitAmount: plan.unitAmount,
  amount: planAmount(plan, seats),
});

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
async function paidPlanOf(db: DbOrTx, business: TBusinessRow): Promise<TPricePlanRow | null> {
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
  if (!current || current.currency !== currency) return null;
  const period = currentPeriod(business.planStartedAt, current.cycle, now);
  const { amount, daysLeft } = prorate(planAmount(current, business.seats), period, now);
  if (amount === 0) return null;
  return { kind: 'credit', label: current.name, quantity: daysLeft, unitAmount: amount, amount };
}

type TCustomer = { country?: string | undefined; vat?: string | null | undefined };

const vatOf = (config: Pick<Config, 'platform'>, input: TCustomer) =>
  vatFor({
    platform: config.platform,
    country: input.country ?? null,
    vatNumber: input.vat ?? null,
  });

/**
 * Whose VAT a business's preview charges: the country (and VAT number) the call names, else the
 * business's billing address (`PUT …/billing`), else none (the seller's own country).
 */
const customerOf = (
  input: TCustomer,
  business: { billingAddress: { country: string; vat?: string | null | undefined } | null },
): TCustomer => (input.country ? input : (business.billingAddress ?? {}));

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
  const plan = await findPricePlan(ctx.db, {
    name: input.plan,
    cycle: input.cycle,
    currency: input.currency,
  });
  if (plan.perSeat) await assertSeatsCoverUse(ctx.db, business.id, input.amountSeats);
  const discounts = await requestedDiscounts(
    ctx.db,
    ctx.principal.userId,
    input,
    plan,
    business.id,
  );
  const current = await paidPlanOf(ctx.db, business);
  return newPeriodPreview({
    plan,
    seats: input.amountSeats,
    discounts,
    credit: unusedTime(business, current, plan.currency, now),
    vat: vatOf(ctx.config, customerOf(input, business)),
    now,
  });
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
    vat: vatOf(ctx.config, input),
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
  const vat = vatOf(ctx.config, customerOf(input, business));
  const plan = await paidPlanOf(ctx.db, business);
  if (!plan) return trialSeatsPreview(ctx.config, business, input.seats, vat);

  const taken = await businessDiscountsOf(ctx.db, business.id);
  const period = currentPeriod(business.planStartedAt, plan.cycle, now);
  const activeAt = (at: Date) =>
    taken
      .filter((row) => row.endsAt === null || row.endsAt.getTime() > at.getTime())
      .map(discountOf);
  const added = Math.max(0, input.seats - business.seats);
  const p = prorate(plan.perSeat ? plan.unitAmount * added : 0, period, now);
  const charges: TPriceLine[] =
    p.amount > 0
      ? [
          {
            kind: 'proration',
            label: plan.name,
            quantity: added,
            unitAmount: plan.unitAmount,
            amount: p.amount,
          },
        ]
      : [];
  const dueNow = priceInvoice({ charges, discounts: activeAt(now), currency: plan.currency, vat });
  const renewal = priceInvoice({
    charges: [planLine(plan, input.seats)],
    discounts: activeAt(period.end),
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
    proration: { daysLeft: p.daysLeft, daysInCycle: p.daysInCycle },
    discounts: taken.map((row) => discountDto(discountOf(row), row.endsAt, now)),
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
