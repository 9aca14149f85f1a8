import type { TUpdateUser, TUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';
import { toUserDto } from './user-dto.ts';

/** `PUT /v1/user`: only the fields present change; `null` clears a nullable attribute. */
export async function updateUser(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  input: TUpdateUser,
): Promise<TUser> {
  const { db } = ctx;
  const { userId } = ctx.principal;
  const a = input.attributes ?? {};
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) set.firstName = input.firstName;
  if (input.lastName !== undefined) set.lastName = input.lastName;
  if (a.lang !== undefined) set.lang = a.lang;
  if (a.emailNotificationLevel !== undefined) set.emailNotificationLevel = a.emailNotificationLevel;
  if (a.defaultLegislation !== undefined) set.defaultLegislation = a.defaultLegislation;
  if (a.defaultQuality !== undefined) set.defaultQuality = a.defaultQuality;
  if (a.mobile !== undefined) {
    // Another number is not the one that was confirmed (AES minimal rests on the confirmation).
    const current = await requireUser(db, userId);
    if (a.mobile !== current.mobile) {
      set.mobile = a.mobile;
      set.mobileVerifiedAt = null;
    }
  }
  // Reading the "business downgraded" dialog clears its flags (they can only be cleared).
  if (a.businessDeleted === false) set.businessDeleted = false;
  if (a.removedFromBusiness === false) set.removedFromBusiness = false;
  if (Object.keys(set).length === 0) return toUserDto(await requireUser(db, userId));
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return toUserDto(row ?? (await requireUser(db, userId)));
}
