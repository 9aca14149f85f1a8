import { retentionCutoff } from '@signet/shared/business/business.rules';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { documents } from '../../db/schema/documents.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import type { Logger } from '../../log.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { businessSettings } from './business-dto.ts';

/** The terminal states after which retention counts (spec: finished requests). */
const FINISHED = ['SIGNED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'] as const;

/** Requests deleted per transaction. */
const BATCH = 50;

export type RetentionDeps = { db: Db; blobs: BlobStore; log: Pick<Logger, 'info' | 'warn'> };

/**
 * The daily retention run: for every business with retention enabled, its finished requests whose
 * terminal state is older than `terminalState` days are deleted — the request as `DELETE` would
 * (it disappears for everyone, a 'deleted' event with `reason: retention` closes its evidence
 * log, which stays: request_events is append-only), and its documents' content with it (the PDF
 * versions, page images and protocol are removed from the blob store unless another live document
 * has the same bytes). Requests of other businesses and private requests are never touched.
 * Returns how many requests were deleted.
 */
export async function runRetention(deps: RetentionDeps, now = new Date()): Promise<number> {
  const candidates = await deps.db
    .select()
    .from(businesses)
    .where(
      sql`(${businesses.settings} -> 'signatureRequests' -> 'retention' ->> 'enabled') = 'true'`,
    );
  let deleted = 0;
  for (const business of candidates) {
    const retention = businessSettings(business).signatureRequests.retention;
    if (!retention.enabled) continue;
    deleted += await expireRequests(
      deps,
      business.id,
      retentionCutoff(now, retention.terminalState),
    );
  }
  if (deleted > 0) deps.log.info({ deleted }, 'retention deleted finished requests');
  return deleted;
}

async function expireRequests(
  deps: RetentionDeps,
  businessId: string,
  cutoff: Date,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { count, blobs } = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: signatureRequests.id, protocol: signatureRequests.protocolBlobKey })
        .from(signatureRequests)
        .where(
          and(
            eq(signatureRequests.businessId, businessId),
            isNull(signatureRequests.deletedAt),
            inArray(signatureRequests.status, [...FINISHED]),
            lt(
              sql`coalesce(${signatureRequests.completedAt}, ${signatureRequests.updatedAt})`,
              cutoff,
            ),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { count: 0, blobs: [] as string[] };
      const ids = due.map((r) => r.id);
      const now = new Date();
      await tx
        .update(signatureRequests)
        .set({ deletedAt: now })
        .where(inArray(signatureRequests.id, ids));
      for (const id of ids) {
        await recordEvent(tx, {
          requestId: id,
          type: 'deleted',
          actor: { id: null, email: null },
          meta: { ip: null, userAgent: null },
          at: now,
          data: { reason: 'retention' },
        });
      }
      // Their documents, unless a live request still carries one.
      const docs = await tx
        .select({ id: documents.id, blobKey: documents.blobKey, current: documents.currentBlobKey })
        .from(requestDocuments)
        .innerJoin(documents, eq(documents.id, requestDocuments.documentId))
        .where(
          and(
            inArray(requestDocuments.requestId, ids),
            isNull(documents.deletedAt),
            sql`not exists (select 1 from request_documents o join signature_requests r on r.id = o.request_id
              where o.document_id = ${documents.id} and r.deleted_at is null)`,
          ),
        );
      const docIds = docs.map((d) => d.id);
      if (docIds.length > 0) {
        await tx.update(documents).set({ deletedAt: now }).where(inArray(documents.id, docIds));
      }
      const keys = [
        ...new Set([
          ...docs.flatMap((d) => [d.blobKey, d.current]),
          ...due.flatMap((r) => (r.protocol ? [r.protocol] : [])),
        ]),
      ];
      // Bytes another live document still has stay.
      const shared = keys.length
        ? await tx
            .select({ blobKey: documents.blobKey, current: documents.currentBlobKey })
            .from(documents)
            .where(
              and(
                isNull(documents.deletedAt),
                or(inArray(documents.blobKey, keys), inArray(documents.currentBlobKey, keys)),
                docIds.length
                  ? sql`${documents.id} not in (${sql.join(
                      docIds.map((d) => sql`${d}::uuid`),
                      sql`, `,
                    )})`
                  : sql`true`,
              ),
            )
        : [];
      const keep = new Set(shared.flatMap((s) => [s.blobKey, s.current]));
      return { count: ids.length, blobs: keys.filter((k) => !keep.has(k)) };
    });
    // After the commit: a crash here leaves unreferenced bytes behind, never a reference to
    // missing ones.
    for (const key of blobs) {
      await deps.blobs
        .delete(key)
        .catch((e: unknown) => deps.log.warn({ err: e, key }, 'blob delete failed'));
      await deps.blobs.deletePrefix(`render/${key}/`).catch(() => {});
    }
    total += count;
    if (count < BATCH) return total;
  }
}
