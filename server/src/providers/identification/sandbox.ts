import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/outbox.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { IdentificationProvider, IdentUpdate } from './identification-provider.ts';

/** Where the sandbox's own pages are (outside /api; only while the sandbox runs). */
export const IDENT_SANDBOX_PATH = '/sandbox/identification';

/** Job kind of the sandbox's webhooks (the provider reporting progress and results). */
export const IDENT_WEBHOOK_JOB = 'ident-webhook';

/**
 * How long the sandbox takes, like the real services: an agent joins the video call after a
 * short wait; the check of the document and the face takes a while longer.
 */
export const SANDBOX_DELAYS = { agentJoinsMs: 1_500, reviewMs: 2_500 } as const;

/**
 * The identification sandbox: bookings get a reference and a page of the sandbox
 * (`/sandbox/identification/{ref}`, "Test System") where the tester starts the identification
 * and passes or fails it. Its results reach Signet the way a real provider's do: as webhooks,
 * here jobs due after realistic delays (so they survive a restart and go through the same
 * handler, `applyIdentUpdate`).
 */
export function createSandboxIdentProvider(publicUrl: string): IdentificationProvider {
  return {
    name: 'sandbox',
    async book() {
      const providerRef = `sbx_${randomBytes(12).toString('base64url')}`;
      return { providerRef, identUrl: `${publicUrl}${IDENT_SANDBOX_PATH}/${providerRef}` };
    },
    async cancel() {},
  };
}

/** Queues the sandbox's webhook for `update`, due after `delayMs`. */
export async function scheduleSandboxWebhook(
  db: DbOrTx,
  update: IdentUpdate,
  delayMs: number,
): Promise<void> {
  await db.insert(jobs).values({
    kind: IDENT_WEBHOOK_JOB,
    payload: update,
    runAt: new Date(Date.now() + delayMs),
  });
}

/** The worker's handler for the sandbox's webhooks. */
export function identWebhookHandlers(
  apply: (update: IdentUpdate) => Promise<unknown>,
): Record<string, JobHandler> {
  return {
    [IDENT_WEBHOOK_JOB]: async (job) => {
      await apply(job.payload as IdentUpdate);
      return { status: 'delivered' };
    },
  };
}
