import type { Db } from '../../db/client.ts';
import type { ScheduledTask } from '../../jobs/schedule.ts';
import { sendAutoReminders } from './auto-remind.ts';
import { expireRequests } from './expire-requests.ts';
import type { RequestMailConfig } from './mail.ts';

/** How often the server looks for requests to expire and signers to remind. */
export const SWEEP_INTERVAL_MS = 60_000;

/** The request sweeps for the server's schedule: expiry, then automatic reminders. */
export function requestSweeps(deps: { db: Db; config: RequestMailConfig }): ScheduledTask[] {
  return [
    { name: 'expire-requests', everyMs: SWEEP_INTERVAL_MS, run: () => expireRequests(deps) },
    { name: 'auto-reminders', everyMs: SWEEP_INTERVAL_MS, run: () => sendAutoReminders(deps) },
  ];
}
