import type { TBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { toBusinessDto } from './business-dto.ts';

/** `GET /v2/businesses/user`: the caller's business; 404 NO_BUSINESS when they have none. */
export async function getUserBusiness(db: DbOrTx, userId: string): Promise<TBusiness> {
  const [row] = await db
    .select({ business: businesses })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NO_BUSINESS', 404, 'You do not belong to a business');
  return toBusinessDto(db, row.business);
}
