import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { createSandboxSmsProvider } from './sandbox.ts';
import { recordSmsDelivery, smsJobHandlers } from './sms-job.ts';

/**
 * The worker's SMS handlers for the configured provider (SMS_PROVIDER): the sandbox, whose
 * delivery reports land on the job; none without a provider (no SMS is ever queued then).
 */
export function smsHandlers(
  config: Pick<Config, 'smsProvider'>,
  db: Db,
): Record<string, JobHandler> {
  if (config.smsProvider === 'none') return {};
  return smsJobHandlers(createSandboxSmsProvider({ onReport: recordSmsDelivery(db) }));
}
