import type { TBusinessRole } from '@signet/shared/business/business.schema';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses, type TBusinessRow } from '../../db/schema/businesses.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { assertOpen } from '../billing/billing-state.ts';
import type { ServiceContext } from '../context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a business id at all (else it is the same 404 as an unknown one). */
export const isUuid = (id: string): boolean => UUID.test(id);

/** The one 404 of every business call for non-members, so business ids cannot be probed. */
export const businessNotFound = (): AppError => new AppError('NOT_FOUND', 404, 'No such business');

/** A business as one of its members reaches it, with the member's role. */
export type TMembership = { business: TBusinessRow; role: TBusinessRole };

/**
 * A business as one of its members reaches it, with the member's role; everyone else gets the
 * same 404 as for a business that does not exist — an invitee who has not answered yet too. With
 * `role: 'admin'`, a member who is not an admin gets 403 NOT_ALLOWED. `forUpdate` locks the
 * business row: every change of a business takes that lock first, so two changes of one business
 * (two admins demoting each other) run one after the other and each sees the other's result.
 */
export async function loadMembership(
  db: DbOrTx,
  businessId: string,
  userId: string,
  options: { role?: TBusinessRole; forUpdate?: boolean } = {},
): Promise<TMembership> {
  if (!isUuid(businessId)) throw businessNotFound();
  const query = db
    .select({ business: businesses, role: businessMembers.role })
    .from(businesses)
    .innerJoin(
      businessMembers,
      and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId)),
    )
    .innerJoin(
      users,
      and(eq(users.id, businessMembers.userId), eq(users.acceptedBusinessInvite, true)),
    )
    .where(eq(businesses.id, businessId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: businesses }) : await query;
  if (!row) throw businessNotFound();
  if (options.role === 'admin' && row.role !== 'admin') {
    throw new AppError('NOT_ALLOWED', 403, 'Only an admin of the business may do this.');
  }
  return row;
}

/** What a business use case is handed inside its transaction. */
export type TBusinessChange = TMembership & { tx: Tx; actor: { id: string; email: string } };

/**
 * The prologue every change of a business shares: one transaction, the business locked for the
 * caller with the role the change needs (404 for non-members, 403 for members where an admin is
 * needed), the caller's address for the account log; then the change. A locked business refuses
 * the change (403 BUSINESS_LOCKED) unless its `area` stays open while locked (shared's
 * `openWhileLocked`: members, invitations, upgrade).
 */
export async function changeBusiness<T>(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  role: TBusinessRole,
  change: (c: TBusinessChange) => Promise<T>,
  area = 'business',
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const membership = await loadMembership(tx, businessId, ctx.principal.userId, {
      role,
      forUpdate: true,
    });
    assertOpen(membership.business, area);
    const [actor] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, ctx.principal.userId));
    if (!actor) throw businessNotFound();
    return change({ ...membership, tx, actor });
  });
}

/** Reads of a business for its admins (or members): the membership checked, no lock. */
export function readBusiness(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  role: TBusinessRole = 'admin',
): Promise<TMembership> {
  return loadMembership(ctx.db, businessId, ctx.principal.userId, { role });
}
