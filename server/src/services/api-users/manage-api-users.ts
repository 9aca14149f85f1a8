import { randomBytes } from 'node:crypto';
import { API_USER_ERRORS, API_USERS_MAX } from '@signet/shared/api-user/api-user.constants';
import { apiUsername } from '@signet/shared/api-user/api-user.rules';
import type {
  TApiUser,
  TApiUserInput,
  TApiUserList,
  TApiUserWithKey,
} from '@signet/shared/api-user/api-user.schema';
import { and, asc, count, eq } from 'drizzle-orm';
import { apiUsers, type TApiUserRow } from '../../db/schema/api-users.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { recordBusinessEvents } from '../businesses/business-events.ts';
import { changeBusiness, readBusiness, type TBusinessChange } from '../businesses/membership.ts';
import type { ServiceContext } from '../context.ts';
import { apiAccountEmail, hashApiKey, newApiKey, sealApiKey } from './api-keys.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

const toApiUserDto = (row: TApiUserRow): TApiUser => ({
  username: row.username,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  keyResetAt: row.keyResetAt?.toISOString() ?? null,
  accountEmail: apiAccountEmail(row.username),
});

const apiUserNotFound = () => new AppError('NOT_FOUND', 404, 'No such API user');

/** `GET /v1/businesses/{id}/apis` (admin): the business's API users, oldest first. */
export async function listApiUsers(ctx: Ctx, businessId: string): Promise<TApiUserList> {
  await readBusiness(ctx, businessId);
  const rows = await ctx.db
    .select()
    .from(apiUsers)
    .where(eq(apiUsers.businessId, businessId))
    .orderBy(asc(apiUsers.createdAt), asc(apiUsers.id));
  return rows.map(toApiUserDto);
}

/**
 * `POST /v1/businesses/{id}/apis` (admin): a new API user with the account it acts through and a
 * key, answered this once (only its hash and a sealed copy for callbacks are kept).
 */
export async function createApiUser(
  ctx: Ctx,
  businessId: string,
  input: TApiUserInput,
): Promise<TApiUserWithKey> {
  return changeBusiness(ctx, businessId, 'admin', async ({ tx, business, actor }) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(apiUsers)
      .where(eq(apiUsers.businessId, business.id));
    if ((existing?.n ?? 0) >= API_USERS_MAX) {
      throw new AppError(
        API_USER_ERRORS.tooMany,
        409,
        `A business can have at most ${API_USERS_MAX} API users`,
      );
    }
    const username = apiUsername(input.name, randomBytes(4).toString('hex'));
    const key = newApiKey();
    const [account] = await tx
      .insert(users)
      .values({
        email: apiAccountEmail(username),
        emailVerified: true,
        firstName: input.name,
        lastName: '',
        passwordHash: null,
        acceptedGtcAt: new Date(),
      })
      .returning({ id: users.id });
    if (!account) throw new Error('insert returned no row');
    const [row] = await tx
      .insert(apiUsers)
      .values({
        businessId: business.id,
        userId: account.id,
        username,
        name: input.name,
        keyHash: hashApiKey(key),
        keySealed: sealApiKey(ctx.config.secret, key),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordBusinessEvents(tx, [
      { businessId: business.id, type: 'api_user_created', actor, subject: username },
    ]);
    return { ...toApiUserDto(row), apiKey: key };
  });
}

/** The API user `username` of the business being changed, locked (404 when it has none such). */
async function lockApiUser(change: TBusinessChange, username: string): Promise<TApiUserRow> {
  const [row] = await change.tx
    .select()
    .from(apiUsers)
    .where(and(eq(apiUsers.businessId, change.business.id), eq(apiUsers.username, username)))
    .for('update');
  if (!row) throw apiUserNotFound();
  return row;
}

/** `PUT /v1/businesses/{id}/apis/{username}` (admin): renames it (the username stays). */
export async function updateApiUser(
  ctx: Ctx,
  businessId: string,
  username: string,
  input: TApiUserInput,
): Promise<TApiUser> {
  return changeBusiness(ctx, businessId, 'admin', async (change) => {
    const row = await lockApiUser(change, username);
    const [updated] = await change.tx
      .update(apiUsers)
      .set({ name: input.name })
      .where(eq(apiUsers.id, row.id))
      .returning();
    await change.tx.update(users).set({ firstName: input.name }).where(eq(users.id, row.userId));
    await recordBusinessEvents(change.tx, [
      {
        businessId: change.business.id,
        type: 'api_user_renamed',
        actor: change.actor,
        subject: username,
        data: { from: row.name, to: input.name },
      },
    ]);
    return toApiUserDto(updated ?? row);
  });
}

/** `PUT /v1/businesses/{id}/apis/{username}/reset` (admin): a new key; the old one stops at once. */
export async function resetApiUserKey(
  ctx: Ctx,
  businessId: string,
  username: string,
): Promise<TApiUserWithKey> {
  return changeBusiness(ctx, businessId, 'admin', async (change) => {
    const row = await lockApiUser(change, username);
    const key = newApiKey();
    const [updated] = await change.tx
      .update(apiUsers)
      .set({
        keyHash: hashApiKey(key),
        keySealed: sealApiKey(ctx.config.secret, key),
        keyResetAt: new Date(),
      })
      .where(eq(apiUsers.id, row.id))
      .returning();
    if (!updated) throw apiUserNotFound();
    await recordBusinessEvents(change.tx, [
      {
        businessId: change.business.id,
        type: 'api_user_key_reset',
        actor: change.actor,
        subject: username,
      },
    ]);
    return { ...toApiUserDto(updated), apiKey: key };
  });
}

/**
 * `DELETE /v1/businesses/{id}/apis/{username}` (admin): its key answers 401 from now on. The
 * account it acted through stays (without a password or key nobody can use it), so requests it
 * created keep their owner and their place in the business's counts.
 */
export async function deleteApiUser(
  ctx: Ctx,
  businessId: string,
  username: string,
): Promise<TApiUser> {
  return changeBusiness(ctx, businessId, 'admin', async (change) => {
    const row = await lockApiUser(change, username);
    await change.tx.delete(apiUsers).where(eq(apiUsers.id, row.id));
    await recordBusinessEvents(change.tx, [
      {
        businessId: change.business.id,
        type: 'api_user_deleted',
        actor: change.actor,
        subject: username,
      },
    ]);
    return toApiUserDto(row);
  });
}
