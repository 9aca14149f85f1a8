import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { type EventMeta, type RecordEventInput, recordEvent } from '../../evidence/record-event.ts';
import { eventActor } from './context.ts';
import type { LoadedRequest } from './load-for-actor.ts';

/**
 * A participant changed a request (signers, observers, documents, a delegation): the request
 * counts as updated now, and the change goes into its evidence log, in the caller's transaction.
 */
export async function recordChange(
  tx: DbOrTx,
  loaded: LoadedRequest,
  meta: EventMeta,
  event: Omit<RecordEventInput, 'requestId' | 'actor' | 'meta'>,
): Promise<void> {
  const requestId = loaded.request.id;
  await tx
    .update(signatureRequests)
    .set({ updatedAt: sql`now()` })
    .where(eq(signatureRequests.id, requestId));
  await recordEvent(tx, { ...event, requestId, actor: eventActor(loaded), meta });
}
