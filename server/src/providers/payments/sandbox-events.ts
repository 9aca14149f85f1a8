import { randomBytes } from 'node:crypto';
import type { TPaymentEvent } from '@signet/shared/billing/billing.schema';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs, sandboxEventSeq } from '../../db/schema/outbox.ts';

/** The job that delivers one webhook of the sandbox to Signet's endpoint (retried on failure). */
export const PAYMENT_WEBHOOK_JOB = 'payment-webhook';

/** A sandbox object id with Stripe's prefix (`seti_`, `sub_`, `in_`, `evt_`). */
export const sandboxId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Queues a webhook event (delivered by the job, like Stripe: after a moment, with retries), in
 * the transaction that made the change it reports, numbered in the order the sandbox makes its
 * events (`sequence`, from `sandbox_event_seq`): Signet orders the events of one second by it.
 */
export async function emitSandboxEvent(
  tx: DbOrTx,
  type: string,
  object: TPaymentEvent['data']['object'],
  now = new Date(),
): Promise<void> {
  const event: TPaymentEvent = {
    id: sandboxId('evt'),
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object },
  };
  await tx.insert(jobs).values({
    kind: PAYMENT_WEBHOOK_JOB,
    payload: sql`jsonb_set(${JSON.stringify({ event })}::jsonb, '{event,sequence}', to_jsonb(nextval(${sandboxEventSeq.seqName ?? 'sandbox_event_seq'})))`,
  });
}
