import type { TEventType } from '@signet/shared/signature-request/signature-request.schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documents } from '../db/schema/documents.ts';
import { requestDocuments } from '../db/schema/request-documents.ts';
import { requestEventHeads } from '../db/schema/request-event-heads.ts';
import { requestEvents, type TRequestEventRow } from '../db/schema/request-events.ts';
import { canonicalJson, eventHash, GENESIS_HASH } from './hash.ts';

/** Who caused an event: an account (id and e-mail), or only an address, or the system (nulls). */
export type EventActor = { id: string | null; email: string | null };

/** Where the call came from (see `requestMeta(c)`); nulls for jobs. */
export type EventMeta = { ip: string | null; userAgent: string | null };

export type RecordEventInput = {
  requestId: string;
  type: TEventType;
  actor: EventActor;
  meta: EventMeta;
  /**
   * SHA-256 (hex) of the documents the event concerns. Omitted: the request's documents as they
   * are now (the latest signed version of each, else the original), in request order.
   */
  documentSha256?: string[];
  /** Event details (message, signer, delegated to, …); must be JSON. */
  data?: Record<string, unknown>;
  /** Defaults to now. */
  at?: Date;
};

/**
 * Appends one entry to a request's evidence log, in the caller's transaction (the event exists
 * exactly when the change it records does).
 *
 * The log is hash-chained per request: entry n carries `prevHash` = hash of entry n − 1
 * (GENESIS_HASH for the first) and `hash` = SHA-256 over its canonical content. The chain head
 * (`request_event_heads`) is locked first, so concurrent events on one request are appended
 * one after another with consecutive `seq`; events on different requests do not wait for each
 * other. A trigger refuses UPDATE and DELETE on `request_events`.
 */
export async function recordEvent(tx: DbOrTx, input: RecordEventInput): Promise<TRequestEventRow> {
  const { requestId } = input;
  // Create the head on first use, then lock it: the second of two concurrent first events waits
  // on the primary key until the first commits, then on the row lock.
  await tx
    .insert(requestEventHeads)
    .values({ requestId, seq: 0, hash: GENESIS_HASH })
    .onConflictDoNothing();
  const [head] = await tx
    .select()
    .from(requestEventHeads)
    .where(eq(requestEventHeads.requestId, requestId))
    .for('update');
  if (!head) throw new Error(`recordEvent: no chain head for ${requestId}`);

  const documentSha256 = input.documentSha256 ?? (await currentDocumentHashes(tx, requestId));
  // Stored as jsonb, read back as parsed JSON: hash exactly what will be read back.
  const data = JSON.parse(canonicalJson(input.data ?? {})) as Record<string, unknown>;
  const content = {
    requestId,
    seq: head.seq + 1,
    type: input.type,
    actorId: input.actor.id,
    actorEmail: input.actor.email?.toLowerCase() ?? null,
    // timestamptz keeps microseconds, a Date milliseconds: whole milliseconds survive the trip.
    at: new Date(Math.floor((input.at ?? new Date()).getTime())),
    ip: input.meta.ip,
    userAgent: input.meta.userAgent?.slice(0, 1000) ?? null,
    documentSha256,
    data,
    prevHash: head.hash,
  };
  const hash = eventHash(content);
  const [row] = await tx
    .insert(requestEvents)
    .values({ ...content, hash })
    .returning();
  await tx
    .update(requestEventHeads)
    .set({ seq: content.seq, hash })
    .where(eq(requestEventHeads.requestId, requestId));
  if (!row) throw new Error('recordEvent: insert returned no row');
  return row;
}

/** Current SHA-256 of each document of a request (signed version when there is one). */
export async function currentDocumentHashes(tx: DbOrTx, requestId: string): Promise<string[]> {
  const rows = await tx
    .select({ sha: sql<string>`coalesce(${documents.signedSha256}, ${documents.sha256})` })
    .from(requestDocuments)
    .innerJoin(documents, eq(documents.id, requestDocuments.documentId))
    .where(eq(requestDocuments.requestId, requestId))
    .orderBy(asc(requestDocuments.position), asc(documents.createdAt));
  return rows.map((r) => r.sha);
}
