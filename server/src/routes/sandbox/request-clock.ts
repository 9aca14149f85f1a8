import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import type { AppDeps, AppEnv } from '../../http/types.ts';
import { expireRequests } from '../../services/signature-requests/expire-requests.ts';

const ZClockSchema = z.strictObject({ requestId: z.uuid() });

/**
 * The test-mode request clock (mounted at REQUEST_CLOCK_PATH only when SIGNET_MODE=test): brings
 * one open request's expiry date to now, then runs the expiry sweep the server runs each minute,
 * so an end-to-end test sees a request expire (mails, event, dashboard) without waiting 30 days.
 * Nothing like it exists in other modes.
 */
export function requestClockRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/', async (c) => {
    const parsed = ZClockSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ code: 'VALIDATION_FAILED', message: 'requestId (uuid) is needed' }, 400);
    }
    const now = new Date();
    const [moved] = await deps.db
      .update(signatureRequests)
      .set({ expiresAt: now })
      .where(
        and(eq(signatureRequests.id, parsed.data.requestId), eq(signatureRequests.status, 'OPEN')),
      )
      .returning({ id: signatureRequests.id });
    if (!moved) return c.json({ code: 'NOT_FOUND', message: 'No such open request' }, 404);
    return c.json({ expired: await expireRequests(deps, now) }, 200);
  });
  return r;
}
