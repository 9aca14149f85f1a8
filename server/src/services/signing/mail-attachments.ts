import { DOWNLOAD_NAMES } from '@signet/shared/signature-request/signature-request.constants';
import { asc, eq } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.ts';
import { requestDocuments } from '../../db/schema/request-documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import type { MailAttachmentResolver } from '../../jobs/worker.ts';
import type { MailFile } from '../../mail/mailer.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { fileNameFromTitle } from '../documents/content-disposition.ts';
import { type ProtocolDeps, storeProtocolOnce } from './protocol-job.ts';

/** Attached documents stop here (a mail server refuses larger mails); the link still works. */
const MAX_ATTACHED_BYTES = 15 * 1024 * 1024;

/**
 * The files of the completion mail (business setting `mailService.attachments`): the signed
 * documents and the signature protocol of a request. The protocol is built here when its
 * build after the completing commit has not finished yet (building is idempotent), so the mail
 * does not wait for the protocol job.
 */
export function mailAttachmentResolver(deps: ProtocolDeps): MailAttachmentResolver {
  const read = async (key: string) => {
    const bytes = await deps.blobs.get(key);
    if (!bytes) throw new BlobNotFoundError(key);
    return bytes;
  };
  return async (refs) => {
    const files: MailFile[] = [];
    for (const ref of refs) {
      if (ref.kind === 'protocol') {
        const key = await storeProtocolOnce(deps, ref.requestId);
        if (!key) continue;
        const [request] = await deps.db
          .select({ title: signatureRequests.title })
          .from(signatureRequests)
          .where(eq(signatureRequests.id, ref.requestId));
        files.push({
          filename: fileNameFromTitle(
            request ? `${request.title} protocol` : null,
            'pdf',
            DOWNLOAD_NAMES.protocol(ref.requestId),
          ),
          contentType: 'application/pdf',
          content: await read(key),
        });
        continue;
      }
      const docs = await deps.db
        .select({
          id: documents.id,
          title: documents.title,
          key: documents.currentBlobKey,
          size: documents.size,
        })
        .from(requestDocuments)
        .innerJoin(documents, eq(documents.id, requestDocuments.documentId))
        .where(eq(requestDocuments.requestId, ref.requestId))
        .orderBy(asc(requestDocuments.position));
      let total = 0;
      for (const d of docs) {
        const content = await read(d.key);
        total += content.byteLength;
        if (total > MAX_ATTACHED_BYTES) break;
        files.push({
          filename: fileNameFromTitle(d.title, 'pdf', DOWNLOAD_NAMES.document(d.id)),
          contentType: 'application/pdf',
          content,
        });
      }
    }
    return files;
  };
}
