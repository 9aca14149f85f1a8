import type { AppDeps } from '../../http/types.ts';
import type { PdfPool } from '../../pdf/pool/pool.ts';
import type { BlobStore } from '../../storage/index.ts';

/**
 * The blob store of an app. main.ts and createTestApp always pass one (`createBlobStore(config)`);
 * an app built without it cannot serve documents.
 */
export function blobStoreFor(deps: Partial<Pick<AppDeps, 'blobs'>>): BlobStore {
  if (!deps.blobs) throw new Error('This app was built without a blob store (deps.blobs)');
  return deps.blobs;
}

/** The PDF worker pool of an app (main.ts and createTestApp pass one). */
export function pdfPoolFor(deps: Partial<Pick<AppDeps, 'pdf'>>): PdfPool {
  if (!deps.pdf) throw new Error('This app was built without a PDF worker pool (deps.pdf)');
  return deps.pdf;
}
