import type { TBillingCycle, TSubscriptionStatus } from '@signet/shared/billing/billing.constants';
import { hasPaymentIssue } from '@signet/shared/billing/billing.rules';
import { currentPeriod } from '@signet/shared/billing/pricing.rules';
import { FREE_SIGNATURES_PER_MONTH, PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import {
  freeQuotaApplies,
  freeSignaturesLeft,
  individualPlanState,
  planAllowsUpload,
  quotaPeriod,
  type TPlanFacts,
  userPlanKind,
} from '@signet/shared/plan/plan.rules';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import {
  type AnyColumn,
  and,
  count,
  eq,
  exists,
  gte,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { apiUsers } from '../../db/schema/api-users.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';

/**
 * The individual plan of `u` (the users table or an alias of it) while it runs at `now`: null
 * once the end a cancel set has passed (the state shared's `individualPlanState` calls
 * 'cancelled').
 */
export function runningIndividualPlanSql(
  u: { individualPlan: AnyColumn; individualPlanEndsAt: AnyColumn },
  now: Date,
): SQL<string | null> {
  return sql<
    string | null
  >`case when ${u.individualPlanEndsAt} is null or ${u.individualPlanEndsAt} > ${now.toISOString()}::timestamptz then ${u.individualPlan} end`;
}

/** What is recorded of a user's individual plan (running or not). */
export type TIndividualPlanRow = {
  name: string | null;
  cycle: TBillingCycle | null;
  startedAt: Date | null;
  endsAt: Date | null;
  /** Its subscription at the provider (plans bought before the provider billed them: none). */
  billedByProvider: boolean;
  subscriptionId: string | null;
  subscriptionStatus: TSubscriptionStatus | null;
  /** The end of the current period as the provider reported it (null before its first event). */
  periodEndsAt: Date | null;
};

/**
 * The facts shared's plan rules read of a user, in one statement: the free account type, the
 * individual plan while it runs at `now`, and whether they hold a business seat (an accepted
 * membership, or the account of a business's API user); and the individual plan's record. With
 * `lock`, the user row stays locked until the transaction ends, so two signatures of one user
 * are counted one after the other.
 */
export async function planFacts(
  db: DbOrTx,
  userId: string,
  lock = false,
  now = new Date(),
): Promise<TPlanFacts & { email: string; individual: TIndividualPlanRow }> {
  return readPlanFacts(db, userId, { lock, now });
}

/**
 * {@link planFacts}, and with `requestId` whether nobody pays for that request (not sent for a
 * business, its sender on no running individual plan) in the same statement.
 */
async function readPlanFacts(
  db: DbOrTx,
  userId: string,
  options: { lock: boolean; now: Date; requestId?: string },
): Promise<TPlanFacts & { email: string; individual: TIndividualPlanRow; unpaid: boolean }> {
  const { lock, now, requestId } = options;
  const seat = or(
    exists(
      db.select({ one: sql`1` }).from(businessMembers).where(eq(businessMembers.userId, users.id)),
    ),
    exists(db.select({ one: sql`1` }).from(apiUsers).where(eq(apiUsers.userId, users.id))),
  );
  const owner = alias(users, 'owner');
  const unpaid = requestId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(signatureRequests)
          .innerJoin(owner, eq(owner.id, signatureRequests.ownerId))
          .where(
            and(
              eq(signatureRequests.id, requestId),
              isNull(signatureRequests.businessId),
              isNull(runningIndividualPlanSql(owner, now)),
            ),
          ),
      )
    : sql<boolean>`false`;
  const query = db
    .select({
      email: users.email,
      freeAccountType: users.freeAccountType,
      individualPlan: runningIndividualPlanSql(users, now),
      name: users.individualPlan,
      cycle: users.individualPlanCycle,
      startedAt: users.individualPlanStartedAt,
      endsAt: users.individualPlanEndsAt,
      billedByProvider: users.individualBilledByProvider,
      subscriptionId: users.individualSubscriptionId,
      subscriptionStatus: users.individualSubscriptionStatus,
      periodEndsAt: users.individualPeriodEndsAt,
      acceptedBusinessInvite: users.acceptedBusinessInvite,
      seat: sql<boolean>`${seat}`,
      unpaid: sql<boolean>`${unpaid}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  if (!row) throw new AppError('NOT_FOUND', 404, 'No such user');
  return {
    email: row.email,
    freeAccountType: row.freeAccountType,
    individualPlan: row.individualPlan,
    // An invitee who has not answered is not a member yet (business-members.ts).
    businessSeat: row.seat && row.acceptedBusinessInvite,
    individual: {
      name: row.name,
      cycle: row.cycle,
      startedAt: row.startedAt,
      endsAt: row.endsAt === null ? null : new Date(row.endsAt),
      billedByProvider: row.billedByProvider,
      subscriptionId: row.subscriptionId,
      subscriptionStatus: row.subscriptionStatus,
      periodEndsAt: row.periodEndsAt,
    },
    unpaid: row.unpaid === true,
  };
}

/**
 * The free signatures `email` made in the quota period of `now`: signatures on requests nobody
 * pays for — not sent for a business, and whose sender has no individual plan. Counted in SQL.
 */
export async function freeSignaturesUsed(db: DbOrTx, email: string, now: Date): Promise<number> {
  const { start, end } = quotaPeriod(now);
  const owner = alias(users, 'owner');
  const [row] = await db
    .select({ n: count() })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .innerJoin(owner, eq(owner.id, signatureRequests.ownerId))
    .where(
      and(
        eq(signers.email, email),
        isNotNull(signers.signedAt),
        gte(signers.signedAt, start),
        lt(signers.signedAt, end),
        isNull(signatureRequests.businessId),
        isNull(runningIndividualPlanSql(owner, now)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The end of the individual plan's current period: the provider's (its last event) while that is
 * still ahead, else counted from the plan's start (plans the provider does not bill, or an event
 * not here yet).
 */
export function individualPeriodEnd(row: TIndividualPlanRow, now: Date): Date {
  if (row.periodEndsAt && row.periodEndsAt > now) return row.periodEndsAt;
  return currentPeriod(row.startedAt ?? now, row.cycle ?? 'monthly', now).end;
}

/** The individual plan as `GET /v1/user/plan` shows it (null without one). */
function individualOf(row: TIndividualPlanRow, now: Date): TUserPlan['individual'] {
  const state = individualPlanState(row, now);
  if (!row.name || !state || !row.startedAt) return null;
  const cycle = row.cycle ?? 'monthly';
  return {
    name: row.name,
    cycle,
    state,
    startedAt: row.startedAt.toISOString(),
    periodEndsAt: state === 'cancelled' ? null : individualPeriodEnd(row, now).toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    paymentIssue: state !== 'cancelled' && hasPaymentIssue(row.subscriptionStatus),
  };
}

/** `GET /v1/user/plan`: the caller's plan, whether it uploads, and this month's free quota. */
export async function getUserPlan(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  now = new Date(),
): Promise<TUserPlan> {
  const facts = await planFacts(ctx.db, ctx.principal.userId, false, now);
  const kind = userPlanKind(facts);
  let signatures: TUserPlan['signatures'] = null;
  if (freeQuotaApplies(facts)) {
    const used = await freeSignaturesUsed(ctx.db, facts.email, now);
    signatures = {
      quota: FREE_SIGNATURES_PER_MONTH,
      used,
      left: freeSignaturesLeft(used),
      resetsAt: quotaPeriod(now).end.toISOString(),
    };
  }
  return {
    kind,
    name: kind === 'individual' ? facts.individualPlan : null,
    freeAccountType: facts.freeAccountType,
    uploadAllowed: planAllowsUpload(facts),
    individual: individualOf(facts.individual, now),
    signatures,
  };
}

/**
 * Refuses an upload on the new free plan (402 PLAN_UPLOAD_NOT_INCLUDED), before any byte of the
 * document is read or stored: `POST /v3/documents` and documents given inline to a request.
 */
export async function assertUploadAllowed(db: DbOrTx, userId: string): Promise<void> {
  if (planAllowsUpload(await planFacts(db, userId))) return;
  throw new AppError(
    PLAN_ERRORS.uploadNotIncluded,
    402,
    'The free plan does not include uploading documents; upgrade to the individual plan.',
  );
}

/**
 * Locks the user row as {@link assertFreeSignature} does and says whether the free quota may
 * limit their signatures (a batch's group commit then checks each signature on its own).
 */
export async function freeQuotaMayLimit(tx: DbOrTx, userId: string, now: Date): Promise<boolean> {
  return freeQuotaApplies(await planFacts(tx, userId, true, now));
}

/**
 * Whether somebody pays for a request as its signature loaded it: sent for a business, or its
 * sender's individual plan runs at `now` (shared's `individualPlanState`; the SQL side is
 * {@link readPlanFacts}' `unpaid`, with {@link runningIndividualPlanSql}). A signature on a paid
 * request never counts against the free quota and changes no count a parallel signature of the
 * same user reads, so its commit needs neither {@link assertFreeSignature} nor the user-row lock.
 * Unknown owner facts count as unpaid (the check runs).
 */
export function requestPaid(
  request: { businessId: string | null },
  owner: { individualPlan?: string | null; individualPlanEndsAt?: string | Date | null },
  now: Date,
): boolean {
  if (request.businessId !== null) return true;
  if (owner.individualPlan === undefined || owner.individualPlanEndsAt === undefined) return false;
  const state = individualPlanState(
    {
      name: owner.individualPlan,
      endsAt: owner.individualPlanEndsAt === null ? null : new Date(owner.individualPlanEndsAt),
    },
    now,
  );
  return state !== null && state !== 'cancelled';
}

/**
 * Refuses a signature beyond the free quota (402 FREE_SIGNATURES_EXHAUSTED, details: quota, used,
 * resetsAt). Runs in the signing transaction with the user row locked, so parallel signatures of
 * one user cannot both take the last free one. Signatures on paid requests, and users with a paid
 * plan, are never limited.
 */
export async function assertFreeSignature(
  tx: DbOrTx,
  userId: string,
  requestId: string,
  now: Date,
): Promise<void> {
  // The user (locked) and whether anybody pays for the request, in one statement.
  const facts = await readPlanFacts(tx, userId, { lock: true, now, requestId });
  if (!freeQuotaApplies(facts) || !facts.unpaid) return;
  const used = await freeSignaturesUsed(tx, facts.email, now);
  if (freeSignaturesLeft(used) > 0) return;
  throw new AppError(
    PLAN_ERRORS.signaturesExhausted,
    402,
    'The free signatures of this month are used up; upgrade to the individual plan.',
    {
      quota: FREE_SIGNATURES_PER_MONTH,
      used,
      resetsAt: quotaPeriod(now).end.toISOString(),
    },
  );
}
