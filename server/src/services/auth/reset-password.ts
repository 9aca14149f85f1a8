import type { TResetPassword } from '@signet/shared/user/user.schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../security/password-hash.ts';
import { assertPasswordPolicy } from '../../security/password-policy.ts';
import { hashToken } from '../../security/tokens.ts';
import type { AnonymousContext } from '../context.ts';
import { enqueuePasswordChangedMail } from './password-changed-mail.ts';
import { revokeAllSessions } from './revoke-sessions.ts';

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 400, 'This link is invalid or has expired; request a new one');

/**
 * `POST /v1/reset-password`: sets a new password from a reset link, signs out every session and
 * uses up every open reset link of the user. The address counts as verified: the link came by
 * mail.
 */
export async function resetPassword(
  ctx: Pick<AnonymousContext, 'db' | 'config'>,
  input: TResetPassword,
): Promise<{ status: 'ok' }> {
  const now = new Date();
  const tokenHash = hashToken(input.token);
  const live = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  const [found] = await ctx.db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(live)
    .limit(1);
  if (!found) throw invalidToken();
  assertPasswordPolicy(input.new, found.email);
  const passwordHash = await hashPassword(input.new, ctx.config.passwordHashCost);

  await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live)
      .returning({ userId: passwordResets.userId });
    if (!used) throw invalidToken();
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        weakPassword: false,
        emailVerified: true,
        passwordChangedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, used.userId))
      .returning();
    if (!user) throw invalidToken();
    await revokeAllSessions(tx, user.id, now);
    await enqueuePasswordChangedMail(tx, ctx.config, user, now);
  });
  return { status: 'ok' };
}
