import type { DbOrTx } from '../../db/client.ts';
import type { TDocumentRow } from '../../db/schema/documents.ts';
import { assertUploadAllowed } from '../billing/user-plan.ts';
import { storeDocument } from '../documents/upload-document.ts';
import type { RequestContext } from './context.ts';

/**
 * Stores documents given inline (title + base64 PDF) in a create or add-document call, in the
 * caller's transaction, through the documents service (same checks and limits as
 * `POST /v3/documents`: a bad PDF is a 4xx and nothing is written; the new free plan uploads
 * nothing, 402 PLAN_UPLOAD_NOT_INCLUDED).
 */
export async function storeInlineDocuments(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'config' | 'blobs' | 'pdf'>,
  ownerId: string,
  inline: readonly { title: string; content: string }[],
): Promise<TDocumentRow[]> {
  if (inline.length === 0) return [];
  await assertUploadAllowed(tx, ownerId);
  const rows: TDocumentRow[] = [];
  for (const d of inline) {
    const bytes = new Uint8Array(Buffer.from(d.content, 'base64'));
    rows.push(await storeDocument(tx, ctx, ownerId, { title: d.title, bytes }));
  }
  return rows;
}
