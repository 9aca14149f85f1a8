import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-blob-store.ts';
import { S3BlobStore, type S3Settings } from './s3-blob-store.ts';

export * from './blob-store.ts';
export { FsBlobStore } from './fs-blob-store.ts';
export { S3BlobStore, type S3Settings } from './s3-blob-store.ts';

type Env = Record<string, string | undefined>;

const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/**
 * Reads the S3 settings from a `process.env`-style object: undefined when none of
 * `S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY`, `S3_SECRET_KEY` is set; all four are needed
 * together. Optional: `S3_REGION` (default us-east-1) and `S3_FORCE_PATH_STYLE`
 * (`true`/`false`, default true). Throws {@link ConfigError} naming the first bad variable.
 */
export function readS3Settings(env: Env): S3Settings | undefined {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const present = REQUIRED.filter((name) => value(name) !== undefined);
  if (present.length === 0) return undefined;
  const missing = REQUIRED.find((name) => value(name) === undefined);
  if (missing) {
    throw new ConfigError(
      missing,
      `Invalid configuration: ${missing} is required when ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set`,
    );
  }
  const endpoint = value('S3_ENDPOINT') as string;
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(
      'S3_ENDPOINT',
      `Invalid configuration: S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`,
    );
  }
  const bucket = value('S3_BUCKET') as string;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET',
      `Invalid configuration: S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`,
    );
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new ConfigError(
      'S3_FORCE_PATH_STYLE',
      `Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}")`,
    );
  }
  const region = value('S3_REGION');
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    bucket,
    accessKeyId: value('S3_ACCESS_KEY') as string,
    secretAccessKey: value('S3_SECRET_KEY') as string,
    ...(region ? { region } : {}),
    forcePathStyle: pathStyle !== 'false',
  };
}

/**
 * The blob store the configuration asks for: S3 when the `S3_*` variables are set
 * (see {@link readS3Settings}), otherwise files under `<dataDir>/blobs`. `dataDir` defaults to
 * `env.DATA_DIR` (default `./data`), resolved against the working directory.
 */
export function createBlobStore(env: Env, options: { dataDir?: string } = {}): BlobStore {
  const s3 = readS3Settings(env);
  if (s3) return new S3BlobStore(s3);
  const dir = options.dataDir ?? env.DATA_DIR ?? './data';
  return new FsBlobStore(isAbsolute(dir) ? dir : resolve(dir));
}
