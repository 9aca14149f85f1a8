import type { TEventType } from '@signet/shared/signature-request/signature-request.schema';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documents } from '../db/schema/documents.ts';
import { jobs } from '../db/schema/outbox.ts';
import { requestDocuments } from '../db/schema/request-documents.ts';
import { requestEvents, type TRequestEventRow } from '../db/schema/request-events.ts';
import type { JobRows } from '../mail/outbox.ts';
import { rowOf, rowsOf } from './db-row.ts';
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

/** The last entry of a request's chain (seq 0 and GENESIS_HASH before the first). */
export type ChainHead = { seq: number; hash: string };

/**
 * The statement that creates a request's chain head on first use and locks it, returning
 * `seq` and `hash`: ON CONFLICT DO UPDATE takes the row lock, waiting for a concurrent writer
 * and then reading its committed head, and the second of two concurrent first events waits on
 * the primary key until the first commits. Usable as a CTE, so a caller can take the head in
 * the same round trip as its own writes and hand it to {@link recordEvent} as `head`.
 */
export const lockChainHead = (requestId: string): SQL => sql`
  insert into request_event_heads (request_id, seq, hash)
  values (${requestId}, 0, ${GENESIS_HASH})
  on conflict (request_id) do update set seq = request_event_heads.seq
  returning seq, hash`;

/**
 * {@link lockChainHead} for several requests in one statement (ids distinct), returning
 * `request_id`, `seq` and `hash` for each; the heads are created and locked in id order, so two
 * transactions locking overlapping sets wait for each other instead of deadlocking.
 */
export const lockChainHeads = (requestIds: readonly string[]): SQL => sql`
  insert into request_event_heads (request_id, seq, hash)
  select id, 0, ${GENESIS_HASH}
  from unnest(array[${sql.join(
    requestIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]) as ids(id)
  order by id
  on conflict (request_id) do update set seq = request_event_heads.seq
  returning request_id, seq, hash`;

/**
 * Appends one entry to a request's evidence log, in the caller's transaction (the event exists
 * exactly when the change it records does).
 *
 * The log is hash-chained per request: entry n carries `prevHash` = hash of entry n − 1
 * (GENESIS_HASH for the first) and `hash` = SHA-256 over its canonical content. The chain head
 * (`request_event_heads`) is locked first, so concurrent events on one request are appended
 * one after another with consecutive `seq`; events on different requests do not wait for each
 * other. A trigger refuses UPDATE and DELETE on `request_events`. `options.head`: the head as
 * {@link lockChainHead} returned it earlier in the same transaction (so already locked).
 */
export async function recordEvent(
  tx: DbOrTx,
  input: RecordEventInput,
  options: { head?: ChainHead } = {},
): Promise<TRequestEventRow> {
  const [row] = await recordEvents(tx, input.requestId, [input], options);
  if (!row) throw new Error('recordEvent: insert returned no row');
  return row;
}

/**
 * Appends several entries to one request's log in one statement (what {@link recordEvent}
 * does for one): they are chained to each other in the order given (`seq` and `prevHash`
 * consecutive), the head moves to the last. A signature that completes its request records
 * 'signed' and 'completed' this way. Every input must be for `requestId`.
 */
export async function recordEvents(
  tx: DbOrTx,
  requestId: string,
  inputs: readonly RecordEventInput[],
  options: {
    head?: ChainHead;
    /** Job rows of the same transaction (its mails, the protocol build), in the same statement. */
    jobs?: JobRows;
  } = {},
): Promise<TRequestEventRow[]> {
  if (inputs.length === 0) return [];
  const [head] = options.head
    ? [options.head]
    : rowsOf(await tx.execute(lockChainHead(requestId))).map((r) => ({
        seq: Number(r.seq),
        hash: String(r.hash),
      }));
  if (!head) throw new Error(`recordEvent: no chain head for ${requestId}`);
  return recordEventChains(tx, [{ requestId, inputs, head }], { jobs: options.jobs });
}

/** One request's new entries and the head they follow (locked in the caller's transaction). */
export type EventChain = {
  requestId: string;
  inputs: readonly RecordEventInput[];
  head: ChainHead;
};

/**
 * Appends the entries of several requests' logs in one statement, each request's chained to its
 * own head (locked earlier in the transaction, e.g. by {@link lockChainHead}) as
 * {@link recordEvents} chains one request's; every head moves to its last entry. A batch's group
 * commit records all its signatures this way. Returns the rows in the order given.
 */
export async function recordEventChains(
  tx: DbOrTx,
  chains: readonly EventChain[],
  options: {
    /** Job rows of the same transaction (its mails, the protocol builds), in the same statement. */
    jobs?: JobRows;
  } = {},
): Promise<TRequestEventRow[]> {
  const entries: SQL[] = [];
  const heads: SQL[] = [];
  for (const { requestId, inputs, head } of chains) {
    if (inputs.length === 0) continue;
    if (inputs.some((i) => i.requestId !== requestId)) {
      throw new Error('recordEvents: every event must be for the same request');
    }
    let current: string[] | undefined;
    let seq = head.seq;
    let prevHash = head.hash;
    for (const input of inputs) {
      if (!input.documentSha256 && !current) current = await currentDocumentHashes(tx, requestId);
      const documentSha256 = input.documentSha256 ?? current ?? [];
      // Stored as jsonb, read back as parsed JSON: hash exactly what will be read back.
      const data = JSON.parse(canonicalJson(input.data ?? {})) as Record<string, unknown>;
      const content = {
        requestId,
        seq: seq + 1,
        type: input.type,
        actorId: input.actor.id,
        actorEmail: input.actor.email?.toLowerCase() ?? null,
        // timestamptz keeps microseconds, a Date milliseconds: whole milliseconds survive the trip.
        at: new Date(Math.floor((input.at ?? new Date()).getTime())),
        ip: input.meta.ip,
        userAgent: input.meta.userAgent?.slice(0, 1000) ?? null,
        documentSha256,
        data,
        prevHash,
      };
      const hash = eventHash(content);
      entries.push(sql`(${requestId}::uuid, ${content.seq}::integer, ${content.type},
          ${content.actorId}::uuid, ${content.actorEmail}, ${content.at.toISOString()}::timestamptz,
          ${content.ip}, ${content.userAgent}, ${JSON.stringify(documentSha256)}::jsonb,
          ${JSON.stringify(data)}::jsonb, ${content.prevHash}, ${hash})`);
      seq = content.seq;
      prevHash = hash;
    }
    heads.push(sql`(${requestId}::uuid, ${seq}::integer, ${prevHash})`);
  }
  if (entries.length === 0) return [];
  // The entries, the new heads and the jobs in one round trip.
  const queued = options.jobs?.length
    ? sql`, queued as (${tx.insert(jobs).values(options.jobs).getSQL()})`
    : sql``;
  const raw = rowsOf(
    await tx.execute(sql`
      with head as (
        update request_event_heads h set seq = v.seq, hash = v.hash
        from (values ${sql.join(heads, sql`, `)}) as v(request_id, seq, hash)
        where h.request_id = v.request_id
      )${queued}
      insert into request_events
        (request_id, seq, type, actor_id, actor_email, at, ip, user_agent, document_sha256,
         data, prev_hash, hash)
      values ${sql.join(entries, sql`, `)}
      returning *`),
  );
  if (raw.length !== entries.length) throw new Error('recordEvent: insert returned no row');
  const order = new Map(chains.map((c, i) => [c.requestId, i]));
  return raw
    .map((r) => rowOf(requestEvents, r))
    .sort((a, b) => (order.get(a.requestId) ?? 0) - (order.get(b.requestId) ?? 0) || a.seq - b.seq);
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
