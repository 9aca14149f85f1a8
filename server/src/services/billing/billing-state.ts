import { BILLING_ERRORS, PLAN_NAMES } from '@signet/shared/billing/billing.constants';
import {
  effectivePaymentMethod,
  isBusinessLocked,
  openWhileLocked,
  type TBillingState,
} from '@signet/shared/billing/billing.rules';
import type { TBusinessBilling } from '@signet/shared/billing/billing.schema';
import { and, count, eq, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessInvitations } from '../../db/schema/business-invitations.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import type { TBusinessRow } from '../../db/schema/businesses.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';

type BillingRow = Pick<
  TBusinessRow,
  'paymentMethod' | 'trialEndsAt' | 'planName' | 'planStartedAt' | 'seats'
> &
  Partial<
    Pick<TBusinessRow, 'nextPlanName' | 'nextPlanStartsAt' | 'planPeriodEndsAt' | 'billingAddress'>
  >;

/** What shared's billing rules read of a business row. */
export function billingStateOf(row: BillingRow): TBillingState {
  return { paymentMethod: row.paymentMethod, trialEndsAt: row.trialEndsAt };
}

/** Whether the business is locked now (spec section 6), by shared's one rule. */
export function lockedNow(row: BillingRow, now = new Date()): boolean {
  return isBusinessLocked(billingStateOf(row), now);
}

/** The billing part of the business's API view (spec section 3 `billing`, `pricePlan`, seats). */
export function billingDto(row: BillingRow, now = new Date()): TBusinessBilling {
  const trialing = row.planName === PLAN_NAMES.trial;
  const address = row.billingAddress;
  const periodEnd = trialing ? row.trialEndsAt : (row.planPeriodEndsAt ?? null);
  return {
    billing: {
      paymentMethod: effectivePaymentMethod(billingStateOf(row), now),
      address1: address?.address1 ?? null,
      address2: address?.address2 ?? null,
      city: address?.city ?? null,
      postalCode: address?.postalCode ?? null,
      country: address?.country ?? null,
      vat: address?.vat ?? null,
      currency: address?.currency ?? null,
    },
    pricePlan: {
      name: row.planName,
      current: {
        base: {
          type: row.planName,
          startAt: row.planStartedAt.toISOString(),
          endAt: periodEnd?.toISOString() ?? null,
        },
      },
      next: row.nextPlanName
        ? {
            base: {
              type: row.nextPlanName,
              startAt: (row.nextPlanStartsAt ?? periodEnd)?.toISOString() ?? now.toISOString(),
              endAt: null,
            },
          }
        : null,
    },
    seats: row.seats,
  };
}

/**
 * Refuses a change of a locked business (403 BUSINESS_LOCKED) unless its `area` stays open while
 * locked (members, invitations, upgrade: shared's `openWhileLocked`).
 */
export function assertOpen(row: BillingRow, area: string, now = new Date()): void {
  if (!lockedNow(row, now) || openWhileLocked(area)) return;
  throw new AppError(
    BILLING_ERRORS.locked,
    403,
    'The business is locked until a payment method is added; only members and the upgrade are open.',
  );
}

/**
 * The seats a business uses: its members (invitees with an account who have not answered
 * included) and the pending invitations of addresses without a membership here.
 */
export async function seatsUsed(db: DbOrTx, businessId: string): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId));
  const [pending] = await db
    .select({ n: count() })
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        eq(businessInvitations.status, 'pending'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(businessMembers)
            .innerJoin(users, eq(users.id, businessMembers.userId))
            .where(
              and(
                eq(businessMembers.businessId, businessId),
                eq(users.email, businessInvitations.email),
              ),
            ),
        ),
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

/** The addresses of `emails` that would take a new seat (not a member, not invited yet). */
export async function newSeatEmails(
  db: DbOrTx,
  businessId: string,
  emails: readonly string[],
): Promise<string[]> {
  const members = await db
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, businessId));
  const pending = await db
    .select({ email: businessInvitations.email })
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        eq(businessInvitations.status, 'pending'),
      ),
    );
  const taken = new Set([...members, ...pending].map((r) => r.email));
  return emails.filter((email) => !taken.has(email));
}
