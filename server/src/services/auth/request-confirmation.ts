import type { TRequestConfirmation } from '@signet/shared/user/user.schema';
import { emailConfirmations } from '../../db/schema/email-confirmations.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { enforceRateLimits } from '../../security/rate-limit.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import type { AnonymousContext } from '../context.ts';
import { findUserByEmail } from '../users/find-user.ts';
import { siteLink } from './links.ts';

/** Signup confirmation links work for 24 h. */
export const CONFIRMATION_TTL_HOURS = 24;

/**
 * `POST /v1/request-confirmation`: mails a signup link to an address without an account and an
 * "account exists" note to one with an account. The answer is the same either way, so the
 * endpoint does not reveal who has an account.
 */
export async function requestConfirmation(
  ctx: Pick<AnonymousContext, 'db' | 'config' | 'meta'>,
  input: TRequestConfirmation,
): Promise<{ status: 'sent' }> {
  // Counted outside the transaction so refused attempts still count.
  await enforceRateLimits(ctx.db, 'request-confirmation', {
    address: input.email,
    ip: ctx.meta.ip,
  });
  const lang = input.lang ?? 'en';
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing) {
      await enqueueMail(tx, {
        to: existing.email,
        template: 'account-exists',
        lang,
        data: { email: existing.email, url: siteLink(ctx.config, '/login', { lang }) },
      });
      return;
    }
    const token = newToken();
    await tx.insert(emailConfirmations).values({
      email: input.email,
      tokenHash: hashToken(token),
      flow: input.flow ?? null,
      lang,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_HOURS * 3600_000),
    });
    await enqueueMail(tx, {
      to: input.email,
      template: 'confirm-signup',
      lang,
      data: {
        email: input.email,
        hours: CONFIRMATION_TTL_HOURS,
        url: siteLink(ctx.config, '/signup/confirm', { token, lang, flow: input.flow }),
      },
    });
  });
  return { status: 'sent' };
}
