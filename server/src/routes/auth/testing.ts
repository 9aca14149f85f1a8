import { randomBytes } from 'node:crypto';
import type { TSessionWithUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/users.ts';
import type { TestApp } from '../../testing/app.ts';
import { giveIndividualPlan } from '../plans/testing.ts';

/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.ch`;
}

/** A password that meets the policy and contains no address. */
export const GOOD_PASSWORD = 'violet otter lamp 42';

/** The token of the newest link to `path` in the newest mail to `to`. */
export async function tokenFromMail(t: TestApp, to: string, path: string): Promise<string> {
  const mail = await t.mailbox.last(to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = mail?.links.find((l) => new URL(l).pathname === path);
  expect(link, `a link to ${path} in "${mail?.subject}"`).toBeDefined();
  const token = new URL(link as string).searchParams.get('token');
  expect(token).toBeTruthy();
  return token as string;
}

/**
 * The whole signup: request the mail, follow its link, register. Returns the new session. A new
 * account is on the new free plan, which uploads nothing; unless `plan: 'free'` the person then
 * holds the individual plan, as anyone who uploads does (`giveIndividualPlan`: the state a bought
 * plan leaves, without the card page; the buying itself is tested in plans.test.ts). `plan:
 * 'legacy'` is an account from before the new free plan, which migration 0024 left on the legacy
 * free plan.
 */
export async function signUp(
  t: TestApp,
  options: {
    email?: string;
    password?: string;
    firstName?: string;
    plan?: 'free' | 'legacy' | 'individual';
  } = {},
): Promise<TSessionWithUser & { email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const sent = await t.request('POST', '/api/v1/request-confirmation', {
    body: { email, lang: 'de' },
  });
  expect(sent.status).toBe(200);
  const token = await tokenFromMail(t, email, '/signup/confirm');
  const res = await t.request<TSessionWithUser>('POST', '/api/v1/register', {
    body: {
      firstName: options.firstName ?? 'Anna',
      lastName: 'Meier',
      password,
      token,
      gtc: true,
      lang: 'de',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // As before the Stripe provider's tests: only the sandbox could sell the plan, so they stay free.
  if (options.plan === 'legacy') {
    await t.db
      .update(users)
      .set({ freeAccountType: 'free_legacy' })
      .where(eq(users.id, res.body.user.id));
  } else if (options.plan !== 'free' && t.config.paymentProvider === 'sandbox') {
    await giveIndividualPlan(t, res.body.user.id);
  }
  return { ...res.body, email, password };
}
