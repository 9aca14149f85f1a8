import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-blob-store.ts';

export { readS3Settings } from '../config.ts';
export * from './blob-store.ts';
export { FsBlobStore } from './fs-blob-store.ts';
export type { S3Settings } from './s3-blob-store.ts';

/**
 * The blob store the configuration asks for: S3 when the `S3_*` variables are set
 * (`config.s3`, validated by loadConfig), otherwise files under `<dataDir>/blobs`. The S3 SDK
 * is loaded only when S3 is configured.
 */
export async function createBlobStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (!config.s3) return new FsBlobStore(config.dataDir);
  const { S3BlobStore } = await import('./s3-blob-store.ts');
  return new S3BlobStore(config.s3);
}
