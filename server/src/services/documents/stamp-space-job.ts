import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { jobs } from '../../db/schema/outbox.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { PdfPool } from '../../pdf/pool/pool.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Job kind: measure an uploaded document's last page for stamps (pdf/stamp/plan.ts). */
export const STAMP_SPACE_JOB = 'stamp-space';

/** Queues the measurement in the upload's transaction (done once it commits). */
export async function enqueueStampSpace(tx: DbOrTx, documentId: string): Promise<void> {
  await tx.insert(jobs).values({ kind: STAMP_SPACE_JOB, payload: { documentId } });
}

/**
 * The worker's handler: measures the last page of the document as uploaded (in a PDF worker,
 * after the jobs someone waits for) and keeps the result with it, so the first signature
 * without a placement plans its stamps without rendering anything. Idempotent; a document
 * already signed or gone is skipped.
 */
export function stampSpaceJobHandlers({
  db,
  blobs,
  pdf,
}: {
  db: Db;
  blobs: BlobStore;
  pdf: PdfPool;
}): Record<string, JobHandler> {
  return {
    [STAMP_SPACE_JOB]: async (job) => {
      const { documentId } = job.payload as { documentId: string };
      const [doc] = await db
        .select({ key: documents.blobKey, pages: documents.pageCount })
        .from(documents)
        .where(and(eq(documents.id, documentId), isNull(documents.stampSpace)))
        .limit(1);
      if (!doc) return { status: 'delivered' };
      const bytes = await blobs.get(doc.key);
      if (!bytes) return { status: 'delivered' };
      const { measurePage } = await import('../../pdf/stamp/plan.ts');
      const space = await measurePage(pdf, bytes, doc.pages - 1, 'background');
      if (space) {
        await db
          .update(documents)
          .set({ stampSpace: space })
          .where(and(eq(documents.id, documentId), isNull(documents.stampSpace)));
      }
      return { status: 'delivered' };
    },
  };
}
