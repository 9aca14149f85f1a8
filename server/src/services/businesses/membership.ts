import type { TBusinessRole } from '@signet/shared/business/business.schema';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses, type TBusinessRow } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one 404 of every business call for non-members, so business ids cannot be probed. */
export const businessNotFound = (): AppError => new AppError('NOT_FOUND', 404, 'No such business');

/**
 * A business as one of its members reaches it, with the member's role; everyone else gets the
 * same 404 as for a business that does not exist. With `role: 'admin'`, a member who is not an
 * admin gets 403 NOT_ALLOWED. `forUpdate` locks the business row (for changes).
 */
export async function loadMembership(
  db: DbOrTx,
  businessId: string,
  userId: string,
  options: { role?: TBusinessRole; forUpdate?: boolean } = {},
): Promise<{ business: TBusinessRow; role: TBusinessRole }> {
  if (!UUID.test(businessId)) throw businessNotFound();
  const query = db
    .select({ business: businesses, role: businessMembers.role })
    .from(businesses)
    .innerJoin(
      businessMembers,
      and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId)),
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
