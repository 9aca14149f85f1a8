import type { TBusinessAdminList } from '@signet/shared/business/business.schema';
import { and, asc, eq } from 'drizzle-orm';
import { businessMembers } from '../../db/schema/business-members.ts';
import { users } from '../../db/schema/users.ts';
import type { ServiceContext } from '../context.ts';
import { loadMembership } from './membership.ts';

/** `GET /v1/businesses/{id}/admins`: the admins, the longest-standing first (members only). */
export async function listBusinessAdmins(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  id: string,
): Promise<TBusinessAdminList> {
  await loadMembership(ctx.db, id, ctx.principal.userId);
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      since: businessMembers.createdAt,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, id), eq(businessMembers.role, 'admin')))
    .orderBy(asc(businessMembers.createdAt), asc(users.id));
  return { items: rows.map((r) => ({ ...r, since: r.since.toISOString() })) };
}
