/**
 * Prices with VAT, proration and discounts (issue 14). Pure: integer minor units in, integer
 * minor units out, every division rounded once (half up) where it happens.
 */
import type { TBillingCycle } from './billing.constants.ts';
import { vatProblem } from './billing.rules.ts';
import {
  CH_VAT_AREA,
  EU_COUNTRIES,
  SELLER_COUNTRY,
  type TDiscountDuration,
  type TDiscountStatus,
  type TDiscountType,
  type TPriceLineKind,
  type TVatCountry,
  type TVatTreatment,
  VAT_RATES_BP,
} from './pricing.constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `n / d` rounded half up, for `n >= 0` and `d > 0` integers (the one rounding of this module). */
export function divRound(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** What a plan costs for `seats` seats in one cycle (a plan not per seat costs its amount). */
export function planAmount(plan: { unitAmount: number; perSeat: boolean }, seats: number): number {
  return plan.perSeat ? plan.unitAmount * seats : plan.unitAmount;
}

// VAT

/**
 * Whether `vat` has the format of an EU VAT number of `country` (format only, not VIES; the
 * formats are those of the billing address, `vatProblem`).
 */
export function isEuVatNumber(country: string, vat: string): boolean {
  return isEu(country.toUpperCase()) && vatProblem(country, vat) === null;
}

/** The VAT on one invoice: whose rate, the rate in basis points, and why. */
export type TVat = { country: string; rate: number; treatment: TVatTreatment };

const isEu = (c: string) => (EU_COUNTRIES as readonly string[]).includes(c);
const isChArea = (c: string) => (CH_VAT_AREA as readonly string[]).includes(c);
const rateOf = (c: string) => VAT_RATES_BP[c as TVatCountry] ?? 0;

/**
 * The VAT of a customer in `country` (ISO, upper case; unknown: the seller's own) with an
 * optional VAT number, bought from `platform`'s seller:
 * - Swiss platform: CH and LI customers pay Swiss VAT; everyone else is outside its scope.
 * - EU platform: customers outside the EU are outside its scope; an EU customer with a VAT number
 *   of the right format in another member state reverse-charges; any other EU customer pays the
 *   VAT of their own country (OSS for electronic services), the seller's country included.
 */
export function vatFor(input: {
  platform: 'CH' | 'EU';
  country?: string | null;
  vatNumber?: string | null;
}): TVat {
  const seller = SELLER_COUNTRY[input.platform];
  const country = (input.country || seller).toUpperCase();
  if (input.platform === 'CH') {
    return isChArea(country)
      ? { country, rate: rateOf(country), treatment: 'standard' }
      : { country, rate: 0, treatment: 'outside_scope' };
  }
  if (!isEu(country)) return { country, rate: 0, treatment: 'outside_scope' };
  if (country !== seller && input.vatNumber && isEuVatNumber(country, input.vatNumber)) {
    return { country, rate: 0, treatment: 'reverse_charge' };
  }
  return { country, rate: rateOf(country), treatment: 'standard' };
}

/** The VAT on a net amount at `rate` basis points, rounded once. */
export function vatAmount(net: number, rate: number): number {
  return divRound(net * rate, 10_000);
}

// Billing periods and proration

/** `date` plus `months` calendar months in UTC, the day clamped to the month's end (Stripe's rule). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(date);
  d.setUTCFullYear(y, m, Math.min(date.getUTCDate(), last));
  return d;
}

/** Months one cycle lasts. */
export const cycleMonths = (cycle: TBillingCycle): number => (cycle === 'yearly' ? 12 : 1);

/** The billing period that holds `now`, counted in cycles from `anchor` (the plan's start). */
export function currentPeriod(
  anchor: Date,
  cycle: TBillingCycle,
  now: Date,
): { start: Date; end: Date } {
  const step = cycleMonths(cycle);
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: addMonths(anchor, step) };
  // Estimate the number of whole cycles, then settle it (month lengths differ).
  const months =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    now.getUTCMonth() -
    anchor.getUTCMonth();
  let n = Math.max(0, Math.floor(months / step) - 1);
  while (addMonths(anchor, (n + 1) * step).getTime() <= now.getTime()) n += 1;
  return { start: addMonths(anchor, n * step), end: addMonths(anchor, (n + 1) * step) };
}

const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

/**
 * A change of `amountPerCycle` at `now` within `period`, charged for the days left: whole days
 * from `now`'s day to the period's end over the period's days, rounded once to the minor unit.
 */
export function prorate(
  amountPerCycle: number,
  period: { start: Date; end: Date },
  now: Date,
): { amount: number; daysLeft: number; daysInCycle: number } {
  const daysInCycle = Math.max(1, utcDay(period.end) - utcDay(period.start));
  const daysLeft = Math.min(daysInCycle, Math.max(0, utcDay(period.end) - utcDay(now)));
  return {
    amount: divRound(Math.max(0, amountPerCycle) * daysLeft, daysInCycle),
    daysLeft,
    daysInCycle,
  };
}

// Discounts

/** A promotion as the price rules read it. */
export type TDiscount = {
  code: string;
  type: TDiscountType;
  /** Percent off (1–100) for `percent`. */
  percentOff: number | null;
  /** Minor units off for `amount`, in `currency`. */
  amountOff: number | null;
  currency: string | null;
  duration: TDiscountDuration;
  /** Months a `repeating` discount lasts. */
  durationMonths: number | null;
};

/** What `discount` takes off `gross` (never more than `gross`; an amount in another currency: 0). */
export function discountAmount(discount: TDiscount, gross: number, currency: string): number {
  if (gross <= 0) return 0;
  if (discount.type === 'percent') {
    return Math.min(gross, divRound(gross * (discount.percentOff ?? 0), 100));
  }
  if (discount.currency !== currency) return 0;
  return Math.min(gross, Math.max(0, discount.amountOff ?? 0));
}

/**
 * Whether a discount applies to the `index`-th invoice of a plan (0 = the first): `once` to the
 * first, `forever` to all, `repeating` to those starting within its months.
 */
export function discountApplies(
  discount: Pick<TDiscount, 'duration' | 'durationMonths'>,
  cycle: TBillingCycle,
  index: number,
): boolean {
  if (discount.duration === 'forever') return true;
  if (discount.duration === 'once') return index === 0;
  return index * cycleMonths(cycle) < (discount.durationMonths ?? 0);
}

/**
 * When a discount taken at `start` is used up (null: never): after the first cycle (`once`),
 * after its months (`repeating`, at least one cycle), or never (`forever`).
 */
export function discountEndsAt(
  discount: Pick<TDiscount, 'duration' | 'durationMonths'>,
  cycle: TBillingCycle,
  start: Date,
): Date | null {
  if (discount.duration === 'forever') return null;
  const months =
    discount.duration === 'once'
      ? cycleMonths(cycle)
      : Math.max(
          cycleMonths(cycle),
          Math.ceil((discount.durationMonths ?? 0) / cycleMonths(cycle)) * cycleMonths(cycle),
        );
  return addMonths(start, months);
}

/** A business's discount at `now` (spec section 4): ACTIVE until it ends, then USED_UP. */
export function discountStatus(endsAt: Date | null, now: Date): TDiscountStatus {
  return endsAt !== null && endsAt.getTime() <= now.getTime() ? 'USED_UP' : 'ACTIVE';
}

// Invoices

/** One line of a price preview; discounts are negative. */
export type TPriceLine = {
  kind: TPriceLineKind;
  label: string;
  quantity: number;
  unitAmount: number;
  amount: number;
};

/** A priced invoice: its lines, their sum (net), the VAT on it and the total. */
export type TPricedInvoice = {
  lines: TPriceLine[];
  subtotal: number;
  vat: TVat & { amount: number };
  total: number;
};

/**
 * Prices one invoice: the `charges` (plan, proration: non-negative), then the `credits` and each
 * discount on what is left (so together they never exceed the charges), then VAT on the net sum,
 * rounded once. Totals are sums of lines; nothing is negative.
 */
export function priceInvoice(input: {
  charges: TPriceLine[];
  /** Unused time of a plan left early, as positive amounts: taken off before the discounts. */
  credits?: TPriceLine[];
  discounts: readonly TDiscount[];
  currency: string;
  vat: TVat;
}): TPricedInvoice {
  const lines: TPriceLine[] = input.charges.map((l) => ({ ...l, amount: Math.max(0, l.amount) }));
  let left = lines.reduce((sum, l) => sum + l.amount, 0);
  for (const credit of input.credits ?? []) {
    const off = Math.min(left, Math.max(0, credit.amount));
    if (off === 0) continue;
    lines.push({ ...credit, unitAmount: -Math.max(0, credit.unitAmount), amount: -off });
    left -= off;
  }
  for (const discount of input.discounts) {
    const off = discountAmount(discount, left, input.currency);
    if (off === 0) continue;
    lines.push({
      kind: 'discount',
      label: discount.code,
      quantity: 1,
      unitAmount: -off,
      amount: -off,
    });
    left -= off;
  }
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const vat = { ...input.vat, amount: vatAmount(subtotal, input.vat.rate) };
  return { lines, subtotal, vat, total: subtotal + vat.amount };
}

// The invoices of a subscription (the previews and the provider price them with these)

/** A plan's price as an invoice reads it. */
export type TPlanPrice = { name: string; unitAmount: number; perSeat: boolean };

/** The line of a plan for `seats` seats over one cycle. */
export function planLine(plan: TPlanPrice, seats: number): TPriceLine {
  return {
    kind: 'plan',
    label: plan.name,
    quantity: plan.perSeat ? seats : 1,
    unitAmount: plan.unitAmount,
    amount: planAmount(plan, seats),
  };
}

/** A discount a business took, with when it is used up (null: never). */
export type TTakenDiscount = TDiscount & { endsAt: Date | null };

/** The discounts that still apply to an invoice issued at `at`. */
export function activeDiscounts(taken: readonly TTakenDiscount[], at: Date): TDiscount[] {
  return taken.filter((d) => d.endsAt === null || d.endsAt.getTime() > at.getTime());
}

/**
 * The invoice for `added` seats of a per-seat plan at `now` within `period`: the days left of the
 * period, then the discounts, then VAT (nothing for a flat plan or fewer seats).
 */
export function seatsInvoice(input: {
  plan: TPlanPrice;
  added: number;
  period: { start: Date; end: Date };
  now: Date;
  discounts: readonly TDiscount[];
  currency: string;
  vat: TVat;
}): TPricedInvoice & { daysLeft: number; daysInCycle: number } {
  const { plan, now } = input;
  const added = Math.max(0, input.added);
  const p = prorate(plan.perSeat ? plan.unitAmount * added : 0, input.period, now);
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
  const priced = priceInvoice({
    charges,
    discounts: input.discounts,
    currency: input.currency,
    vat: input.vat,
  });
  return { ...priced, daysLeft: p.daysLeft, daysInCycle: p.daysInCycle };
}

/**
 * What the unused days of a plan left at `now` are worth, as a credit line of the invoice that
 * replaces it (null when nothing is left, or when the new plan is billed in another currency).
 */
export function unusedTimeCredit(input: {
  plan: TPlanPrice & { currency: string };
  seats: number;
  period: { start: Date; end: Date };
  now: Date;
  currency: string;
}): TPriceLine | null {
  if (input.plan.currency !== input.currency) return null;
  const { amount, daysLeft } = prorate(
    planAmount(input.plan, input.seats),
    input.period,
    input.now,
  );
  if (amount === 0) return null;
  return { kind: 'credit', label: input.plan.name, quantity: daysLeft, unitAmount: amount, amount };
}
