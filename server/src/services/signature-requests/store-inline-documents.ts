import type { DbOrTx } from '../../db/client.ts';
import type { TDocumentRow } from '../../db/schema/documents.ts';
import { AppError } from '../../errors.ts';

/**
 * Stores documents given inline (title + base64 PDF) in a create call, in the caller's
 * transaction. The upload checks and blob storage belong to the documents service; until it is
 * wired here, inline documents are refused with a clear 400 and the client uploads first
 * (`POST /v3/documents`) and passes `document_id`.
 */
export async function storeInlineDocuments(
  _tx: DbOrTx,
  _ownerId: string,
  inline: readonly { title: string; content: string }[],
): Promise<TDocumentRow[]> {
  if (inline.length === 0) return [];
  throw new AppError(
    'INLINE_UPLOAD_UNSUPPORTED',
    400,
    'Upload the document first (POST /v3/documents) and pass its document_id',
  );
}
