import { seesParticipantNetwork } from '@signet/shared/signature-request/signature-request.rules';
import type { TEvent } from '@signet/shared/signature-request/signature-request.schema';
import { asc, eq } from 'drizzle-orm';
import { requestEvents, type TRequestEventRow } from '../../db/schema/request-events.ts';
import { verifyChain } from '../../evidence/verify-chain.ts';
import type { Principal } from '../context.ts';
import type { RequestContext } from './context.ts';
import { loadRequestForActor } from './load-for-actor.ts';

/**
 * One evidence entry as the API shows it. IP address and browser only when `network` (the
 * viewer is the owner, see `seesParticipantNetwork`); the hashes still cover them, so the chain
 * stays checkable by whoever holds the full log.
 */
export function toEventDto(e: TRequestEventRow, network = true): TEvent {
  return {
    seq: e.seq,
    type: e.type,
    actor: { id: e.actorId, email: e.actorEmail },
    at: e.at.toISOString(),
    ip: network ? e.ip : null,
    user_agent: network ? e.userAgent : null,
    document_sha256: e.documentSha256,
    data: e.data,
    hash: e.hash,
    prev_hash: e.prevHash,
  };
}

/**
 * `GET /v3/signature-requests/{id}/events`: the evidence log, oldest first, and its check
 * (verified on the server, over the full entries). IPs and browsers for the owner only.
 */
export async function listEvents(
  ctx: Pick<RequestContext<Principal>, 'db' | 'principal'>,
  id: string,
): Promise<{ events: TEvent[]; integrity: { ok: boolean; brokenAt?: number } }> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  const network = seesParticipantNetwork({ isOwner: loaded.roles.includes('owner') });
  const [rows, verdict] = await Promise.all([
    ctx.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, id))
      .orderBy(asc(requestEvents.seq)),
    verifyChain(ctx.db, id),
  ]);
  return {
    events: rows.map((row) => toEventDto(row, network)),
    integrity: verdict.ok ? { ok: true } : { ok: false, brokenAt: verdict.brokenAt },
  };
}
