import { BILLING_ERRORS, MAX_SEATS } from '@signet/shared/billing/billing.constants';
import {
  effectivePaymentMethod,
  hasPaymentIssue,
  missingSeats,
  planState,
} from '@signet/shared/billing/billing.rules';
import type { TSubscriptionUsage, TUpdateSeats } from '@signet/shared/billing/billing.schema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, type TBusinessRow } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { paymentProviderOf } from '../../providers/payments/provider.ts';
import { changeBusiness, readBusiness } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { billingStateOf, lockedNow, newSeatEmails, seatsUsed } from './billing-state.ts';
import { customerVat } from './customer-vat.ts';
import { withProviderChange } from './provider-changes.ts';
import { toSecond } from './provider-subscription.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal'>;

/** The usage answer of a business row (plan and its state, payment, seats in use). */
export async function usageOf(db: DbOrTx, row: TBusinessRow): Promise<TSubscriptionUsage> {
  const now = new Date();
  return {
    plan: row.planName,
    planState: planState({ current: row.planName, next: row.nextPlanName }),
    next: row.nextPlanName
      ? { plan: row.nextPlanName, startsAt: row.nextPlanStartsAt?.toISOString() ?? null }
      : null,
    periodEndsAt: row.planPeriodEndsAt?.toISOString() ?? null,
    paymentIssue: hasPaymentIssue(row.subscriptionStatus),
    paymentMethod: effectivePaymentMethod(billingStateOf(row), now),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    locked: lockedNow(row, now),
    subscriptionStatus: row.subscriptionStatus,
    seats: { total: row.seats, used: await seatsUsed(db, row.id) },
  };
}

/** `GET /v2/businesses/{id}/subscriptions/usage` (admin): plan, trial end and seats in use. */
export async function getSubscriptionUsage(ctx: Ctx, businessId: string) {
  const { business } = await readBusiness(ctx, businessId);
  return usageOf(ctx.db, business);
}

/**
 * `PUT /v2/businesses/{id}/subscriptions/seats` (admin): the number of seats; never below the
 * seats in use (409 SEATS_BELOW_MEMBERS). Refused while the business is locked. A paid plan's
 * change is asked of the provider with a key kept until it commits (`withProviderChange`).
 */
export function updateSeats(
  ctx: Pick<ServiceContext, 'db' | 'principal' | 'config'>,
  businessId: string,
  input: TUpdateSeats,
) {
  const fields = { seats: input.seats };
  return withProviderChange(ctx, businessId, 'business', 'seats', fields, async (c, changeId) => {
    const { tx, business } = c;
    await assertSeatsCoverUse(tx, business.id, input.seats);
    // A paid plan's seats are the provider's too: more seats are invoiced for the rest of the
    // period, with the VAT the seats preview charged.
    const now = new Date();
    const paid = business.paymentMethod === 'STRIPE';
    if (paid) {
      await (await paymentProviderOf(ctx.config))?.changeSeats(tx, {
        businessId: business.id,
        subscriptionId: business.providerSubscriptionId,
        seats: input.seats,
        vat: customerVat(ctx.config, business),
        at: now,
        changeId,
      });
    }
    const [row] = await tx
      .update(businesses)
      // A provider's event from before this change never moves the seats back.
      .set({
        seats: input.seats,
        ...(paid ? { subscriptionEventAt: toSecond(now), subscriptionEventSeq: null } : {}),
      })
      .where(eq(businesses.id, business.id))
      .returning();
    if (!row) throw new Error('business vanished under its lock');
    return usageOf(tx, row);
  });
}

/**
 * `POST /v1/businesses/{id}/cancel-trial` (admin): the trial ends now, so the business needs a
 * payment method and is locked until it has one (409 NOT_TRIALING when it is not trialing).
 */
export function cancelTrial(ctx: Ctx, businessId: string) {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business }) => {
    if (business.paymentMethod !== 'TRIALING' || lockedNow(business)) {
      throw new AppError(BILLING_ERRORS.notTrialing, 409, 'The business is not trialing');
    }
    const now = new Date();
    const [row] = await tx
      .update(businesses)
      .set({ paymentMethod: 'NEEDS_PAYMENT_METHOD', trialEndsAt: now })
      .where(eq(businesses.id, business.id))
      .returning();
    if (!row) throw new Error('business vanished under its lock');
    return usageOf(tx, row);
  });
}

/**
 * Refuses an invitation of `emails` that needs more seats than the business has (409
 * SEATS_EXCEEDED, with the seats, those in use and the ones missing, so the console offers to add
 * seats). Run inside the change that invites, under the business's lock.
 */
export async function assertSeatsFor(
  tx: DbOrTx,
  business: Pick<TBusinessRow, 'id' | 'seats'>,
  emails: readonly string[],
): Promise<void> {
  const adding = (await newSeatEmails(tx, business.id, emails)).length;
  if (adding === 0) return;
  const used = await seatsUsed(tx, business.id);
  const missing = missingSeats(used, adding, business.seats);
  if (missing === 0) return;
  throw new AppError(BILLING_ERRORS.seatsExceeded, 409, 'Not enough seats for these invitations', {
    seats: business.seats,
    used,
    missing,
    maxSeats: MAX_SEATS,
  });
}

/** Refuses a seat count below the seats in use (409 SEATS_BELOW_MEMBERS); answers those in use. */
export async function assertSeatsCoverUse(
  tx: DbOrTx,
  businessId: string,
  seats: number,
): Promise<number> {
  const used = await seatsUsed(tx, businessId);
  if (seats < used) {
    throw new AppError(
      BILLING_ERRORS.seatsBelowMembers,
      409,
      'Fewer seats than members and pending invitations',
      { used, seats },
    );
  }
  return used;
}
