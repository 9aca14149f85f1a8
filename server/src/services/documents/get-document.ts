import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import type { DbOrTx } from '../../db/client.ts';
import { toDocumentDto } from '../signature-requests/request-dto.ts';
import { loadVisibleDocument } from './access.ts';

/** `GET /v3/documents/{id}`: the owner and participants of a request carrying it; else 404. */
export async function getDocument(
  db: DbOrTx,
  userId: string,
  documentId: string,
): Promise<TDocument> {
  const { doc } = await loadVisibleDocument(db, documentId, userId);
  return toDocumentDto(doc);
}
