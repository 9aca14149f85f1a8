import type { TBusiness } from '@signet/shared/business/business.schema';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { toBusinessDto } from './business-dto.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /v1/businesses/{id}`: only for its members and admins. Everyone else gets the same 404
 * as for a business that does not exist, so ids cannot be probed.
 */
export async function getBusiness(db: DbOrTx, userId: string, id: string): Promise<TBusiness> {
  const notFound = () => new AppError('NOT_FOUND', 404, 'No such business');
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select({ business: businesses })
    .from(businesses)
    .innerJoin(
      businessMembers,
      and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId)),
    )
    .where(eq(businesses.id, id))
    .limit(1);
  if (!row) throw notFound();
  return toBusinessDto(db, row.business);
}
