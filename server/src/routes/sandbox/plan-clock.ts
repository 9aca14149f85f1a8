import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { users } from '../../db/schema/users.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { runSandboxBilling } from '../../providers/payments/sandbox-dunning.ts';
import { rewindSandboxSubscription } from '../../providers/payments/sandbox-subscriptions.ts';

const ZClockSchema = z.strictObject({
  userId: z.uuid(),
  days: z.number().int().min(1).max(366),
});
const ZLegacySchema = z.strictObject({ userId: z.uuid() });

/**
 * The test-mode hooks of an individual's plan (mounted at PLAN_SANDBOX_PATH only when
 * SIGNET_MODE=test), each for one account: the clock moves its individual plan's start and end
 * `days` into the past (plans are read against the clock, so a cancelled plan has then ended)
 * with its subscription at the sandbox, whose clock then runs (renewals and ends by webhook);
 * `legacy` puts a free account (no individual plan) on the legacy free plan, as migration 0025
 * did to every account before the new free plan. Nothing like it exists in other modes.
 */
export function planClockRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const invalid = (message: string) => ({ code: 'VALIDATION_FAILED', message });
  r.post('/clock', async (c) => {
    const parsed = ZClockSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json(invalid('userId (uuid) and days (1–366) are needed'), 400);
    const shift = sql`make_interval(days => ${parsed.data.days})`;
    const [moved] = await deps.db
      .update(users)
      .set({
        individualPlanStartedAt: sql`${users.individualPlanStartedAt} - ${shift}`,
        individualPlanEndsAt: sql`${users.individualPlanEndsAt} - ${shift}`,
        individualPeriodEndsAt: sql`${users.individualPeriodEndsAt} - ${shift}`,
      })
      .where(eq(users.id, parsed.data.userId))
      .returning({ id: users.id });
    if (!moved) return c.json({ code: 'NOT_FOUND', message: 'No such user' }, 404);
    // Its subscription at the sandbox moves alike, and the provider's clock runs: a period that
    // has ended renews (or, cancelled, ends), each reported by webhook.
    await rewindSandboxSubscription(deps.db, { userId: parsed.data.userId }, parsed.data.days);
    return c.json({ moved: true, ...(await runSandboxBilling(deps.db)) }, 200);
  });
  r.post('/legacy', async (c) => {
    const parsed = ZLegacySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json(invalid('userId (uuid) is needed'), 400);
    const [moved] = await deps.db
      .update(users)
      .set({ freeAccountType: 'free_legacy' })
      .where(and(eq(users.id, parsed.data.userId), isNull(users.individualPlan)))
      .returning({ id: users.id });
    if (!moved) return c.json({ code: 'NOT_FOUND', message: 'No such free account' }, 404);
    return c.json({ moved: true }, 200);
  });
  return r;
}
