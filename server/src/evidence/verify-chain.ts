import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { requestEventHeads } from '../db/schema/request-event-heads.ts';
import { requestEvents } from '../db/schema/request-events.ts';
import { eventHash, GENESIS_HASH } from './hash.ts';

export type ChainVerdict =
  | { ok: true; count: number }
  | {
      ok: false;
      count: number;
      /** seq of the first entry that is edited, missing or out of place. */
      brokenAt: number;
      reason: 'edited' | 'missing' | 'relinked' | 'truncated';
    };

/**
 * Checks a request's evidence log: seq runs 1, 2, 3 … without gaps; every entry's hash matches
 * its content; every prevHash is the previous entry's hash; and the last entry is the recorded
 * chain head (so removing the newest entries is found too). Returns the first broken seq.
 */
export async function verifyChain(db: DbOrTx, requestId: string): Promise<ChainVerdict> {
  const [rows, heads] = await Promise.all([
    db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, requestId))
      .orderBy(asc(requestEvents.seq)),
    db.select().from(requestEventHeads).where(eq(requestEventHeads.requestId, requestId)),
  ]);
  const count = rows.length;
  let prev = GENESIS_HASH;
  let expected = 1;
  for (const row of rows) {
    if (row.seq !== expected) return { ok: false, count, brokenAt: expected, reason: 'missing' };
    if (row.prevHash !== prev) return { ok: false, count, brokenAt: row.seq, reason: 'relinked' };
    if (eventHash(row) !== row.hash)
      return { ok: false, count, brokenAt: row.seq, reason: 'edited' };
    prev = row.hash;
    expected++;
  }
  const head = heads[0];
  const headSeq = head?.seq ?? 0;
  const headHash = head?.hash ?? GENESIS_HASH;
  if (headSeq !== count || headHash !== prev) {
    return { ok: false, count, brokenAt: Math.min(count, headSeq) + 1, reason: 'truncated' };
  }
  return { ok: true, count };
}
