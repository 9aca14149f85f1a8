import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/outbox.ts';
import type { PaymentProvider, TSubscriptionStart } from '../../providers/payments/provider.ts';

/** The job that starts a subscription at a provider over the network once its card is there. */
export const PAYMENT_SUBSCRIPTION_JOB = 'payment-subscription';

/**
 * Starts the subscription of a setup intent that succeeded where its provider starts it: the
 * sandbox's now, in this transaction (answers its id); a provider over the network's by a job,
 * outside it with the worker's retries (answers nothing: the job keeps the id). `start` is made
 * only for the sandbox (it reads what the transaction wrote).
 */
export async function startProviderSubscription(
  tx: DbOrTx,
  provider: PaymentProvider,
  setupIntentId: string,
  metadata: Record<string, string>,
  start: () => Promise<TSubscriptionStart>,
): Promise<{ id: string } | undefined> {
  if (provider.startsSubscriptionIn === 'webhook')
    return provider.startSubscription(await start(), tx);
  await tx.insert(jobs).values({
    kind: PAYMENT_SUBSCRIPTION_JOB,
    payload: { setupIntentId, metadata },
  });
  return undefined;
}

/** `at` to the second, as the provider's API and events carry times. */
export const toSecond = (at: Date): Date => new Date(Math.floor(at.getTime() / 1000) * 1000);
