import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { AppError } from '../../errors.ts';
import { changeRequest, type RequestContext } from './context.ts';
import { ownDocumentsToAttach } from './inputs.ts';
import { recordChange } from './record-change.ts';
import { storeInlineDocuments } from './store-inline-documents.ts';

/** `POST /v3/signature-requests/{id}/documents` (owner; DRAFT only): appends one document. */
export async function addRequestDocument(
  ctx: RequestContext,
  id: string,
  input: { document_id: string } | { title: string; content: string },
): Promise<TSignatureRequest> {
  return changeRequest(ctx, id, 'addDocument', async (tx, loaded) => {
    const [doc] =
      'document_id' in input
        ? await ownDocumentsToAttach(tx, loaded.actor.userId, [input.document_id], id)
        : await storeInlineDocuments(tx, ctx, loaded.actor.userId, [input]);
    if (!doc) throw new Error('no document to attach');
    if (loaded.documents.some((d) => d.id === doc.id)) {
      throw new AppError('DUPLICATE_DOCUMENT', 409, 'The document is already in this request');
    }
    const position = Math.max(-1, ...loaded.documents.map((d) => d.position)) + 1;
    await tx.insert(requestDocuments).values({ requestId: id, documentId: doc.id, position });
    await recordChange(tx, loaded, ctx.meta, {
      type: 'document_added',
      documentSha256: [doc.sha256],
      data: { document_id: doc.id, title: doc.title },
    });
  });
}
