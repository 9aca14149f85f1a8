import type { TReport } from '@signet/shared/document/document.schema';
import { seesParticipantNetwork } from '@signet/shared/signature-request/signature-request.rules';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { requestEvents } from '../../db/schema/request-events.ts';
import { verifyChain } from '../../evidence/verify-chain.ts';
import { toEventDto } from '../signature-requests/list-events.ts';
import type { LoadedRequest } from '../signature-requests/load-for-actor.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The protocol's facts: the request, its documents and signers, and the whole evidence log —
 * with participants' IP addresses and browsers only when the caller is the owner (or `full`,
 * for the protocol the platform keeps).
 */
export async function loadReport(
  tx: DbOrTx,
  loaded: LoadedRequest,
  now = new Date(),
  options: { full?: boolean } = {},
): Promise<TReport> {
  const id = loaded.request.id;
  // One after the other: a transaction is one connection, which runs one query at a time.
  const rows = await tx
    .select()
    .from(requestEvents)
    .where(eq(requestEvents.requestId, id))
    .orderBy(asc(requestEvents.seq));
  const verdict = await verifyChain(tx, id);
  const network =
    options.full === true || seesParticipantNetwork({ isOwner: loaded.roles.includes('owner') });
  const events = rows.map((row) => toEventDto(row, network));
  const quality = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'signed' && typeof e.data.signer_id === 'string') {
      quality.set(e.data.signer_id, typeof e.data.quality === 'string' ? e.data.quality : 'SES');
    }
  }
  const { request: r, owner } = loaded;
  return {
    id: r.id,
    title: r.title,
    status_overall: r.status,
    owner: { email: owner.email, name: `${owner.firstName} ${owner.lastName}`.trim() },
    created_at: r.createdAt.toISOString(),
    completed_at: iso(r.completedAt),
    documents: loaded.documents.map((d) => ({
      id: d.id,
      title: d.title,
      page_count: d.pageCount,
      sha256: d.sha256,
      signed_sha256: d.signedSha256,
    })),
    signers: loaded.signers.map((s) => ({
      email: s.email,
      name: s.signingName,
      status_code: s.status,
      signed_at: iso(s.signedAt),
      quality: quality.get(s.id) ?? 'SES',
    })),
    observers: loaded.observers.map((o) => o.email),
    events,
    integrity: verdict.ok
      ? { ok: true, count: verdict.count }
      : { ok: false, count: verdict.count, brokenAt: verdict.brokenAt },
    generated_at: now.toISOString(),
  };
}
