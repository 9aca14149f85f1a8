import type { Config } from '../../config.ts';
import type { AppDeps } from '../../http/types.ts';
import { type BlobStore, createBlobStore } from '../../storage/index.ts';

const stores = new WeakMap<Config, BlobStore>();

/**
 * The blob store of an app: `deps.blobs` when given (main.ts, tests), else the one the
 * environment asks for (`S3_*` → S3, otherwise files under DATA_DIR/blobs), made once per config.
 */
export function blobStoreFor(deps: Pick<AppDeps, 'config' | 'blobs'>): BlobStore {
  if (deps.blobs) return deps.blobs;
  let store = stores.get(deps.config);
  if (!store) {
    store = createBlobStore(process.env, { dataDir: deps.config.dataDir });
    stores.set(deps.config, store);
  }
  return store;
}
