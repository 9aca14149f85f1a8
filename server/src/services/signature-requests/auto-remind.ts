import { autoReminderDue } from '@signet/shared/signature-request/signature-request.rules';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { loadRequestForActor } from './load-for-actor.ts';
import type { RequestMailConfig } from './mail.ts';
import { remindFacts, sendReminders } from './remind-signers.ts';

/** Requests looked at per round (the next round takes the rest). */
const BATCH = 200;

/**
 * The automatic reminders: for every OPEN request with a reminder interval, a reminder to each
 * signer whose turn it is and whose invitation or last reminder is at least that many days old
 * (shared's `autoReminderDue`, which also keeps the manual rule: at most one an hour). Each
 * request in a transaction of its own, its row locked and read again, so a manual reminder or a
 * second instance in between is seen and nobody is reminded twice. Returns the addresses
 * reminded.
 */
export async function sendAutoReminders(
  deps: { db: Db; config: RequestMailConfig },
  now = new Date(),
): Promise<string[]> {
  const candidates = await deps.db
    .select({ id: signatureRequests.id, ownerId: signatureRequests.ownerId })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.status, 'OPEN'),
        isNotNull(signatureRequests.reminderIntervalDays),
        isNull(signatureRequests.deletedAt),
        // Only requests with a signer the rule may pick: invited (their turn came), not done,
        // mailed by us, and quiet for the interval. The rule decides; this keeps the scan short.
        sql`exists (select 1 from signers s where s.request_id = ${signatureRequests.id}
          and s.signed_at is null and s.declined_at is null and s.direct_nonce is null
          and coalesce(s.last_reminded_at, s.invited_at)
            <= ${now.toISOString()}::timestamptz - make_interval(days => ${signatureRequests.reminderIntervalDays}))`,
      ),
    )
    .limit(BATCH);
  const reminded: string[] = [];
  for (const { id, ownerId } of candidates) {
    const sent = await deps.db.transaction(async (tx) => {
      const loaded = await loadRequestForActor(tx, id, { userId: ownerId }, { forUpdate: true });
      if (loaded.request.status !== 'OPEN') return [];
      const interval = loaded.request.reminderIntervalDays;
      const due = loaded.signers.filter((s) => autoReminderDue(remindFacts(s), interval, now));
      if (due.length === 0) return [];
      return sendReminders(tx, deps.config, loaded, due, {
        actor: { id: null, email: null },
        meta: { ip: null, userAgent: null },
        at: now,
        automatic: true,
      });
    });
    reminded.push(...sent);
  }
  return reminded;
}
