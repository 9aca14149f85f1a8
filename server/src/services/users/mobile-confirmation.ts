import { randomInt } from 'node:crypto';
import { maskMobile } from '@signet/shared/direct-sign/direct-sign.constants';
import {
  MOBILE_CONFIRMATION,
  MOBILE_ERRORS,
  type TMobileConfirmation,
  type TUser,
} from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { mobileConfirmations } from '../../db/schema/mobile-confirmations.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { enqueueSms } from '../../mail/outbox.ts';
import { keyedMac, sameSecret } from '../../security/derived-keys.ts';
import { hitRateLimit, keyPart, rateLimited } from '../../security/rate-limit.ts';
import type { ServiceContext } from '../context.ts';
import { requireUser } from './find-user.ts';
import { toUserDto } from './user-dto.ts';

type Ctx = Pick<ServiceContext, 'db' | 'principal' | 'config'>;

const codeHash = (secret: string, userId: string, mobile: string, code: string) =>
  keyedMac(secret, 'mobile-code', `${userId}:${mobile}:${code}`);

/**
 * `POST /v1/user/mobile/confirmation`: sends a six-digit code by SMS to `mobile` (the SMS
 * provider: the sandbox outside production) and keeps only its keyed hash, replacing any code
 * before it. At most MOBILE_CONFIRMATION.sends codes a window per person (429 RATE_LIMITED); the
 * row and the SMS are written in one transaction, so a code exists only with its message queued.
 */
export async function startMobileConfirmation(
  ctx: Ctx,
  mobile: string,
): Promise<TMobileConfirmation> {
  const { userId } = ctx.principal;
  const user = await requireUser(ctx.db, userId);
  const sends = await hitRateLimit(
    ctx.db,
    `mobile-code:${keyPart(userId)}`,
    MOBILE_CONFIRMATION.sends,
  );
  if (!sends.allowed) throw rateLimited(sends.retryAfterSeconds);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + MOBILE_CONFIRMATION.validMinutes * 60_000);
  const row = {
    userId,
    mobile,
    codeHash: codeHash(ctx.config.secret, userId, mobile, code),
    expiresAt,
    attempts: 0,
    createdAt: new Date(),
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(mobileConfirmations)
      .values(row)
      .onConflictDoUpdate({ target: mobileConfirmations.userId, set: row });
    await enqueueSms(tx, {
      to: mobile,
      template: 'mobile-code',
      lang: user.lang,
      data: { code, minutes: MOBILE_CONFIRMATION.validMinutes },
    });
  });
  return { sentTo: maskMobile(mobile), expiresAt: expiresAt.toISOString() };
}

/**
 * `POST /v1/user/mobile/confirmation/code`: with the right code in time, the number becomes the
 * account's, confirmed now (AES minimal, see user-dto.ts), and the pending row goes. A wrong code
 * counts a try (422 MOBILE_CODE_INVALID with the tries left); the last wrong try, or an expired
 * code, ends the confirmation (422 MOBILE_CODE_EXPIRED: ask for a new code).
 */
export async function confirmMobile(ctx: Ctx, code: string): Promise<TUser> {
  const { userId } = ctx.principal;
  // The outcome is decided and written in one transaction; a refusal is thrown after it commits,
  // so a wrong try (or the end of the confirmation) is kept.
  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ user: TUser } | { refused: AppError }> => {
      const [pending] = await tx
        .select()
        .from(mobileConfirmations)
        .where(eq(mobileConfirmations.userId, userId))
        .for('update');
      if (!pending) {
        return {
          refused: new AppError(MOBILE_ERRORS.noConfirmation, 409, 'Ask for a code first.'),
        };
      }
      const end = () =>
        tx.delete(mobileConfirmations).where(eq(mobileConfirmations.userId, userId));
      if (pending.expiresAt <= new Date()) {
        await end();
        return {
          refused: new AppError(
            MOBILE_ERRORS.codeExpired,
            422,
            'The code has expired. Ask for a new one.',
          ),
        };
      }
      const hash = codeHash(ctx.config.secret, userId, pending.mobile, code);
      if (!sameSecret(hash, pending.codeHash)) {
        const attempts = pending.attempts + 1;
        const attemptsLeft = MOBILE_CONFIRMATION.maxAttempts - attempts;
        if (attemptsLeft <= 0) {
          await end();
          return {
            refused: new AppError(
              MOBILE_ERRORS.codeExpired,
              422,
              'Too many wrong codes. Ask for a new one.',
              { attemptsLeft: 0 },
            ),
          };
        }
        await tx
          .update(mobileConfirmations)
          .set({ attempts })
          .where(eq(mobileConfirmations.userId, userId));
        return {
          refused: new AppError(MOBILE_ERRORS.codeInvalid, 422, 'This is not the code we sent.', {
            attemptsLeft,
          }),
        };
      }
      await end();
      const [row] = await tx
        .update(users)
        .set({ mobile: pending.mobile, mobileVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return { user: toUserDto(row ?? (await requireUser(tx, userId))) };
    },
  );
  if ('refused' in outcome) throw outcome.refused;
  return outcome.user;
}
