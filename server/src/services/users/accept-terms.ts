import { IDENT_PROVIDERS, touKey } from '@signet/shared/identification/identification.constants';
import type { TAccept, TUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { answerInvitation } from '../businesses/invitations.ts';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';
import { toUserDto } from './user-dto.ts';

/**
 * `POST /v1/user/accept`: `gtc: true` records the acceptance of the terms (the first time
 * counts); `business_invite` answers the invitation the user is a member for (true: they join;
 * false: the membership ends; 409 NO_PENDING_INVITATION without one);
 * `tou_{provider}` the terms of use of an identification provider.
 */
export async function acceptTerms(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  input: TAccept,
): Promise<TUser> {
  const { userId } = ctx.principal;
  return ctx.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    if (input.business_invite !== undefined) {
      await answerInvitation(tx, user, input.business_invite);
    }
    const set: Partial<typeof users.$inferInsert> = {};
    if (input.gtc && user.acceptedGtcAt === null) set.acceptedGtcAt = new Date();
    const tou = IDENT_PROVIDERS.filter((p) => input[touKey(p)] && !user.acceptedTou.includes(p));
    if (tou.length > 0) set.acceptedTou = [...user.acceptedTou, ...tou];
    const [row] = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return toUserDto(row ?? user);
  });
}
