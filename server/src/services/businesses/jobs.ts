import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ensureRecurringJobs, type RecurringJob, recurringHandlers } from '../../jobs/recurring.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { Logger } from '../../log.ts';
import { dnsVerifier } from '../../providers/dns/index.ts';
import { paymentWebhookHandler } from '../../providers/payments/sandbox.ts';
import { runSandboxBilling } from '../../providers/payments/sandbox-dunning.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { paymentSubscriptionHandler } from '../billing/payments.ts';
import { runTrialSweep } from '../billing/trials.ts';
import {
  BUSINESS_DELETION_JOB,
  carryOutBusinessDeletion,
  dueBusinessDeletions,
} from './delete-business.ts';
import { checkPendingDomains, DOMAIN_CHECK_INTERVAL_MS } from './domains.ts';
import { runRetention } from './retention.ts';

type Deps = {
  db: Db;
  blobs: BlobStore;
  config: Pick<
    Config,
    'publicUrl' | 'dnsVerifier' | 'secret' | 'paymentProvider' | 'stripe' | 'platform'
  >;
  log: Logger;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The business's background work: the daily retention run (which also carries out deletions
 * whose job was lost), the daily trial run (expiries and reminders), the domain checks every ten minutes, and each scheduled deletion when it
 * is due.
 */
function recurring(deps: Deps): RecurringJob[] {
  return [
    {
      kind: 'business-retention',
      intervalMs: DAY_MS,
      run: async () => {
        for (const id of await dueBusinessDeletions(deps.db))
          await carryOutBusinessDeletion(deps, id);
        return { deleted: await runRetention(deps) };
      },
    },
    {
      kind: 'business-trials',
      intervalMs: DAY_MS,
      run: () => runTrialSweep(deps),
    },
    {
      // The sandbox payment provider's own clock: renewals, plans ending with their period, and
      // the retries of invoices a card did not pay.
      kind: 'payment-sandbox-periods',
      intervalMs: 60 * 60 * 1000,
      run: async () =>
        deps.config.paymentProvider === 'sandbox'
          ? runSandboxBilling(deps.db)
          : { ended: 0, renewed: 0, retried: 0 },
    },
    {
      kind: 'business-domain-checks',
      intervalMs: DOMAIN_CHECK_INTERVAL_MS,
      run: async () => ({
        checked: await checkPendingDomains(deps.db, dnsVerifier(deps.config, deps.db)),
      }),
    },
  ];
}

/** The job handlers of businesses (main.ts and the test app register them). */
export function businessJobHandlers(deps: Deps): Record<string, JobHandler> {
  return {
    ...recurringHandlers(deps.db, recurring(deps)),
    ...paymentWebhookHandler(deps.config),
    ...paymentSubscriptionHandler(deps),
    [BUSINESS_DELETION_JOB]: async (job) => {
      const { businessId } = job.payload as { businessId: string };
      const deleted = await carryOutBusinessDeletion(deps, businessId);
      return { status: 'delivered', result: { deleted } };
    },
  };
}

/** Queues the first runs of the recurring business jobs (at start, after the worker). */
export function startBusinessJobs(deps: Deps): Promise<void> {
  return ensureRecurringJobs(deps.db, recurring(deps));
}
