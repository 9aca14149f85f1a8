import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { businesses } from '../../db/schema/businesses.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { runSandboxBilling } from '../../providers/payments/sandbox-dunning.ts';
import { rewindSandboxSubscription } from '../../providers/payments/sandbox-subscriptions.ts';
import { runTrialSweep } from '../../services/billing/trials.ts';

const ZClockSchema = z.strictObject({
  businessId: z.uuid(),
  days: z.number().int().min(1).max(366),
});

/**
 * The test-mode billing clock (mounted at BILLING_CLOCK_PATH only when SIGNET_MODE=test): moves
 * one business's trial and its sandbox subscription's period `days` into the past, then runs the
 * daily trial job and the sandbox provider's clock (renewals, and the end of a plan cancelled at
 * its period's end), so an end-to-end test sees a trial expire or a period end without waiting
 * for it. Nothing like it exists in other modes.
 */
export function billingClockRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/', async (c) => {
    const parsed = ZClockSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json(
        { code: 'VALIDATION_FAILED', message: 'businessId (uuid) and days (1–366) are needed' },
        400,
      );
    }
    const { businessId, days } = parsed.data;
    const shift = sql`make_interval(days => ${days})`;
    const [moved] = await deps.db
      .update(businesses)
      .set({
        trialEndsAt: sql`${businesses.trialEndsAt} - ${shift}`,
        planStartedAt: sql`${businesses.planStartedAt} - ${shift}`,
      })
      .where(eq(businesses.id, businessId))
      .returning({ id: businesses.id });
    if (!moved) return c.json({ code: 'NOT_FOUND', message: 'No such business' }, 404);
    await rewindSandboxSubscription(deps.db, { businessId }, days);
    const trials = await runTrialSweep(deps);
    return c.json({ ...trials, ...(await runSandboxBilling(deps.db)) }, 200);
  });
  return r;
}
