import type { TBusiness } from '@signet/shared/business/business.schema';
import type { ServiceContext } from '../context.ts';
import { toBusinessDto } from './business-dto.ts';
import { loadMembership } from './membership.ts';

/** `GET /v1/businesses/{id}`: only for its members and admins (404 for everyone else). */
export async function getBusiness(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  id: string,
): Promise<TBusiness> {
  const { business } = await loadMembership(ctx.db, id, ctx.principal.userId);
  return toBusinessDto(ctx.db, business, ctx.principal.userId);
}
