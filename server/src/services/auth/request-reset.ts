import type { TRequestReset } from '@signet/shared/user/user.schema';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { enforceRateLimits } from '../../security/rate-limit.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import type { AnonymousContext } from '../context.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { siteLink } from './links.ts';

/** Reset links work for 1 h. */
export const RESET_TTL_HOURS = 1;

/**
 * `POST /v1/request-reset`: mails a reset link when the address has an account. The answer is
 * the same either way.
 */
export async function requestReset(
  ctx: Pick<AnonymousContext, 'db' | 'config' | 'meta'>,
  input: TRequestReset,
): Promise<{ status: 'sent' }> {
  await enforceRateLimits(ctx.db, 'request-reset', { address: input.email, ip: ctx.meta.ip });
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return;
    const lang = input.lang ?? user.lang;
    const token = newToken();
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_HOURS * 3600_000),
    });
    await enqueueMail(tx, {
      to: user.email,
      template: 'reset-password',
      lang,
      data: {
        email: user.email,
        name: user.firstName,
        hours: RESET_TTL_HOURS,
        url: siteLink(ctx.config, '/password-reset/new', { token, lang }),
      },
    });
  });
  return { status: 'sent' };
}
