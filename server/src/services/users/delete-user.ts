import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import { and, eq, ne, sql } from 'drizzle-orm';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { verifyCurrentPassword } from '../auth/current-password.ts';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';

/**
 * `POST /v1/user/delete`: deletes the account after checking the password; its sessions,
 * links and memberships go with it (foreign keys cascade). A business the user was the only
 * member of goes too; the last admin of a business that still has members must hand it over
 * first (409 LAST_BUSINESS_ADMIN).
 */
export async function deleteUser(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  password: string,
): Promise<{ status: 'ok' }> {
  const { userId } = ctx.principal;
  const user = await requireUser(ctx.db, userId);
  await verifyCurrentPassword(ctx.db, user, password);
  await ctx.db.transaction(async (tx) => {
    const [membership] = await tx
      .select()
      .from(businessMembers)
      .where(eq(businessMembers.userId, userId))
      .for('update');
    if (membership) {
      const [others] = await tx
        .select({
          members: sql<number>`count(*)::int`,
          admins: sql<number>`count(*) filter (where ${businessMembers.role} = 'admin')::int`,
        })
        .from(businessMembers)
        .where(
          and(
            eq(businessMembers.businessId, membership.businessId),
            ne(businessMembers.userId, userId),
          ),
        );
      if (!others || others.members === 0) {
        await tx.delete(businesses).where(eq(businesses.id, membership.businessId));
      } else if (membership.role === 'admin' && others.admins === 0) {
        throw new AppError(
          BUSINESS_ERRORS.lastAdmin,
          409,
          'You are the last admin of your business; make another member admin first',
        );
      }
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { status: 'ok' };
}
