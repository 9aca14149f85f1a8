import type { TUserBusiness } from '@signet/shared/business/business.schema';
import { eq } from 'drizzle-orm';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import type { ServiceContext } from '../context.ts';
import { toBusinessDto } from './business-dto.ts';

/**
 * `GET /v2/businesses/user`: the caller's business, `null` when they belong to none. Not a 404:
 * every page of the site and the console asks, and most users have no business — an error
 * there would fill every browser console with failed requests.
 */
export async function getUserBusiness(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
): Promise<TUserBusiness> {
  const [row] = await ctx.db
    .select({ business: businesses })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, ctx.principal.userId))
    .limit(1);
  return row ? toBusinessDto(ctx.db, row.business, ctx.principal.userId) : null;
}
