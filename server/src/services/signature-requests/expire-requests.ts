import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { mailRequest, participantEmails } from './context.ts';
import { loadRequestForActor } from './load-for-actor.ts';
import { directSignerLangs, mailParticipants, type RequestMailConfig } from './mail.ts';

/** Requests looked at per round of the sweep (the next round takes the rest). */
const BATCH = 100;

/**
 * The expiry sweep: every OPEN request whose expiry date has come becomes EXPIRED, "expired" is
 * recorded (by the system) and every participant is told, each request in a transaction of its
 * own. The request row is locked and read again first, so a signature, a withdrawal or a new
 * date that came meanwhile wins, and several instances sweeping at once expire each request
 * once. Returns the ids it expired.
 */
export async function expireRequests(
  deps: { db: Db; config: RequestMailConfig },
  now = new Date(),
): Promise<string[]> {
  const due = await deps.db
    .select({ id: signatureRequests.id, ownerId: signatureRequests.ownerId })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.status, 'OPEN'),
        isNull(signatureRequests.deletedAt),
        lte(signatureRequests.expiresAt, now),
      ),
    )
    .orderBy(asc(signatureRequests.expiresAt))
    .limit(BATCH);
  const expired: string[] = [];
  for (const { id, ownerId } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const loaded = await loadRequestForActor(tx, id, { userId: ownerId }, { forUpdate: true });
      const { request } = loaded;
      if (request.status !== 'OPEN' || !request.expiresAt || request.expiresAt > now) return false;
      await tx
        .update(signatureRequests)
        .set({ status: 'EXPIRED', closedAt: now, updatedAt: now })
        .where(eq(signatureRequests.id, id));
      await recordEvent(tx, {
        requestId: id,
        type: 'expired',
        actor: { id: null, email: null },
        meta: { ip: null, userAgent: null },
        at: now,
        data: { expires_at: request.expiresAt.toISOString() },
      });
      await mailParticipants(
        tx,
        deps.config,
        mailRequest(loaded),
        participantEmails(loaded),
        'request-expired',
        { direct: directSignerLangs(loaded.signers) },
      );
      return true;
    });
    if (done) expired.push(id);
  }
  return expired;
}
