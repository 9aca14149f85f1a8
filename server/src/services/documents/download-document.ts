import { DOWNLOAD_NAMES } from '@signet/shared/signature-request/signature-request.constants';
import { recordEvent } from '../../evidence/record-event.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { Principal, ServiceContext } from '../context.ts';
import { loadVisibleDocument, viewerActor, viewerOf } from './access.ts';
import { fileNameFromTitle } from './content-disposition.ts';

export type DownloadedFile = { bytes: Uint8Array; fileName: string; signed: boolean };

/**
 * `GET /v3/documents/{id}/download` (and the direct signer's `/v3/direct/documents/{id}/download`):
 * the signed version by default when there is one (`signed=false` gives the original upload),
 * named after the title (fallback '{id}.pdf'). Each request carrying it in which the caller
 * takes part logs a 'downloaded' event.
 */
export async function downloadDocument(
  ctx: Pick<ServiceContext<Principal>, 'db' | 'blobs' | 'principal' | 'meta'>,
  documentId: string,
  wantSigned: boolean | undefined,
): Promise<DownloadedFile> {
  const viewer = viewerOf(ctx.principal);
  return ctx.db.transaction(async (tx) => {
    const { doc, requestIds } = await loadVisibleDocument(tx, documentId, viewer);
    const signed = (wantSigned ?? true) && doc.signedSha256 !== null;
    const key = signed ? doc.currentBlobKey : doc.blobKey;
    const bytes = await ctx.blobs.get(key);
    if (!bytes) throw new BlobNotFoundError(key);
    if (requestIds.length > 0) {
      const actor = await viewerActor(tx, viewer);
      for (const requestId of requestIds) {
        await recordEvent(tx, {
          requestId,
          type: 'downloaded',
          actor,
          meta: ctx.meta,
          documentSha256: [signed ? (doc.signedSha256 as string) : doc.sha256],
          data: { document_id: doc.id, title: doc.title, signed },
        });
      }
    }
    return {
      bytes,
      fileName: fileNameFromTitle(doc.title, 'pdf', DOWNLOAD_NAMES.document(doc.id)),
      signed,
    };
  });
}
