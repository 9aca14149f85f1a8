import type { AppDeps } from '../../http/types.ts';
import type { BlobStore } from '../../storage/index.ts';

/**
 * The blob store of an app. main.ts and createTestApp always pass one (`createBlobStore(config)`);
 * an app built without it cannot serve documents.
 */
export function blobStoreFor(deps: Partial<AppDeps>): BlobStore {
  if (!deps.blobs) throw new Error('This app was built without a blob store (deps.blobs)');
  return deps.blobs;
}
