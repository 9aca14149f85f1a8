import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { and, eq } from 'drizzle-orm';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { changeRequest, type RequestContext } from './context.ts';
import { recordChange } from './record-change.ts';

/**
 * `DELETE /v3/signature-requests/{id}/documents/{docId}` (owner; DRAFT only). The document stays
 * in the owner's documents; signature boxes placed on it are dropped from every signer.
 */
export async function removeRequestDocument(
  ctx: RequestContext,
  id: string,
  docId: string,
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'removeDocument', async (tx, loaded) => {
    const doc = loaded.documents.find((d) => d.id === docId);
    if (!doc) throw new AppError('DOCUMENT_NOT_FOUND', 404, 'The request has no such document');
    await tx
      .delete(requestDocuments)
      .where(and(eq(requestDocuments.requestId, id), eq(requestDocuments.documentId, docId)));
    for (const s of loaded.signers) {
      const kept = s.documentSignatures.filter((d) => d.document_id !== docId);
      if (kept.length !== s.documentSignatures.length) {
        await tx.update(signers).set({ documentSignatures: kept }).where(eq(signers.id, s.id));
      }
    }
    await recordChange(tx, loaded, ctx.meta, {
      type: 'document_removed',
      documentSha256: [doc.sha256],
      data: { document_id: doc.id, title: doc.title },
    });
  });
}
