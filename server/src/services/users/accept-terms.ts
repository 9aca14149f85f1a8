import type { TAccept, TUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';
import { toUserDto } from './user-dto.ts';

/**
 * `POST /v1/user/accept`: `gtc: true` records the acceptance of the terms (the first time
 * counts); `business_invite` records the answer to a pending business invitation.
 */
export async function acceptTerms(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  input: TAccept,
): Promise<TUser> {
  const { db } = ctx;
  const { userId } = ctx.principal;
  const user = await requireUser(db, userId);
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.gtc && user.acceptedGtcAt === null) set.acceptedGtcAt = new Date();
  if (input.business_invite !== undefined) set.acceptedBusinessInvite = input.business_invite;
  if (Object.keys(set).length === 0) return toUserDto(user);
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return toUserDto(row ?? user);
}
