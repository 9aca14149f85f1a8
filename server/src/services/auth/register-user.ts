import type { TRegister, TSessionWithUser } from '@signet/shared/user/user.schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailConfirmations } from '../../db/schema/email-confirmations.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../security/password-hash.ts';
import { assertPasswordPolicy } from '../../security/password-policy.ts';
import { hashToken } from '../../security/tokens.ts';
import { offerMembershipOnSignup } from '../businesses/invitations.ts';
import type { AnonymousContext } from '../context.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { toUserDto } from '../users/user-dto.ts';
import { createSession } from './create-session.ts';
import { findLiveConfirmation } from './find-confirmation.ts';

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 400, 'This link is invalid or has expired; request a new one');
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 409, 'An account with this e-mail address already exists');

/**
 * `POST /v1/register`: creates the account for the address of a signup token, marks the
 * address verified (the token came by mail), records the accepted terms and signs in. The token
 * is used up only when the account is created. An address a business invited (or of a domain a
 * business verified) becomes a member who has not answered yet: the site asks them.
 */
export async function registerUser(
  ctx: Pick<AnonymousContext, 'db' | 'meta' | 'config'>,
  input: TRegister,
): Promise<TSessionWithUser> {
  const confirmation = await findLiveConfirmation(ctx.db, input.token);
  if (!confirmation) throw invalidToken();
  assertPasswordPolicy(input.password, confirmation.email);
  // Hashing takes ~50 ms: do it before the transaction, not while holding locks.
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const now = new Date();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [used] = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.id, confirmation.id),
            eq(emailConfirmations.tokenHash, hashToken(input.token)),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning({ email: emailConfirmations.email });
      if (!used) throw invalidToken();
      const [user] = await tx
        .insert(users)
        .values({
          email: used.email,
          emailVerified: true,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          passwordChangedAt: now,
          lang: input.lang,
          mobile: input.mobile ?? null,
          acceptedGtcAt: now,
          celloUcc: input.celloUCC ?? null,
          createdAt: now,
          updatedAt: now,
          lastLoginAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) throw emailTaken();
      await offerMembershipOnSignup(tx, user);
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
      const session = await createSession(tx, user.id, ctx.meta, now);
      return { token: session.token, expiresAt: session.expiresAt, user: toUserDto(fresh ?? user) };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
}
