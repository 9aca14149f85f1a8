import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import type { ServiceContext } from '../context.ts';
import { loadActor } from '../signature-requests/load-for-actor.ts';
import { loadVisibleDocument } from './access.ts';
import { deleteRenders } from './page-renders.ts';

/**
 * `DELETE /v3/documents/{id}` (owner). Refused with 409 DOCUMENT_IN_USE while a request that is
 * not a draft carries it (its evidence needs it). Otherwise the row is marked deleted, taken out
 * of draft requests (logged as 'document_removed'), and its blobs and page images are removed
 * unless another live document has the same bytes.
 */
export async function deleteDocument(
  ctx: Pick<ServiceContext, 'db' | 'blobs' | 'principal' | 'meta'>,
  documentId: string,
): Promise<{ status: 'ok' }> {
  const { userId } = ctx.principal;
  const doomed = await ctx.db.transaction(async (tx) => {
    const { doc, isOwner } = await loadVisibleDocument(tx, documentId, userId, { forUpdate: true });
    if (!isOwner)
      throw new AppError('NOT_ALLOWED', 403, 'Only the owner may delete this document.');
    const carriers = await tx
      .select({ id: signatureRequests.id, status: signatureRequests.status })
      .from(requestDocuments)
      .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
      .where(and(eq(requestDocuments.documentId, doc.id), isNull(signatureRequests.deletedAt)));
    const sent = carriers.filter((r) => r.status !== 'DRAFT');
    if (sent.length > 0) {
      throw new AppError(
        'DOCUMENT_IN_USE',
        409,
        'The document belongs to a signature request that was sent; delete the request first.',
        { requests: sent.map((r) => r.id) },
      );
    }
    const actor = await loadActor(tx, { userId });
    for (const r of carriers) {
      await recordEvent(tx, {
        requestId: r.id,
        type: 'document_removed',
        actor: { id: actor.userId, email: actor.email },
        meta: ctx.meta,
        documentSha256: [doc.sha256],
        data: { document_id: doc.id, title: doc.title, reason: 'document deleted' },
      });
    }
    await tx.delete(requestDocuments).where(eq(requestDocuments.documentId, doc.id));
    await tx.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, doc.id));
    const keys = [...new Set([doc.blobKey, doc.currentBlobKey])];
    const shared = await tx
      .select({ blobKey: documents.blobKey, currentBlobKey: documents.currentBlobKey })
      .from(documents)
      .where(
        and(
          isNull(documents.deletedAt),
          ne(documents.id, doc.id),
          or(inArray(documents.blobKey, keys), inArray(documents.currentBlobKey, keys)),
        ),
      );
    const inUse = new Set(shared.flatMap((s) => [s.blobKey, s.currentBlobKey]));
    return keys.filter((k) => !inUse.has(k));
  });
  // After the commit: a failed removal leaves an orphan blob, never a row without its blob.
  for (const key of doomed) await ctx.blobs.delete(key);
  await deleteRenders(ctx, doomed);
  return { status: 'ok' };
}
