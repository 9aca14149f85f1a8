import type { Db } from '../../db/client.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import { recordEvent } from '../../evidence/record-event.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.ts';
import { loadActor } from '../signature-requests/load-for-actor.ts';
import { loadVisibleDocument } from './access.ts';
import { fileNameFromTitle } from './content-disposition.ts';

export type DownloadedFile = { bytes: Uint8Array; fileName: string; signed: boolean };

/**
 * `GET /v3/documents/{id}/download`: the signed version by default when there is one
 * (`signed=false` gives the original upload), named after the title (fallback '{id}.pdf').
 * Each request carrying it in which the caller takes part logs a 'downloaded' event.
 */
export async function downloadDocument(
  db: Db,
  store: BlobStore,
  userId: string,
  meta: EventMeta,
  documentId: string,
  wantSigned: boolean | undefined,
): Promise<DownloadedFile> {
  return db.transaction(async (tx) => {
    const { doc, requestIds } = await loadVisibleDocument(tx, documentId, userId);
    const signed = (wantSigned ?? true) && doc.signedSha256 !== null;
    const key = signed ? doc.currentBlobKey : doc.blobKey;
    const bytes = await store.get(key);
    if (!bytes) throw new BlobNotFoundError(key);
    if (requestIds.length > 0) {
      const actor = await loadActor(tx, { userId });
      for (const requestId of requestIds) {
        await recordEvent(tx, {
          requestId,
          type: 'downloaded',
          actor: { id: actor.userId, email: actor.email },
          meta,
          documentSha256: [signed ? (doc.signedSha256 as string) : doc.sha256],
          data: { document_id: doc.id, title: doc.title, signed },
        });
      }
    }
    return { bytes, fileName: fileNameFromTitle(doc.title, 'pdf', `${doc.id}.pdf`), signed };
  });
}
