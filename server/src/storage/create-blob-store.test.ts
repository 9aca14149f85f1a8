import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createBlobStore, FsBlobStore, readS3Settings } from './index.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const s3Env = {
  S3_ENDPOINT: 'http://127.0.0.1:9000/',
  S3_BUCKET: 'signet-blobs',
  S3_ACCESS_KEY: 'access',
  S3_SECRET_KEY: 'secret',
};

describe('createBlobStore', () => {
  it('uses files under DATA_DIR/blobs when no S3 variable is set', async () => {
    const store = await createBlobStore(
      loadConfig({ SIGNET_MODE: 'test', DATA_DIR: '/srv/signet', S3_ENDPOINT: '' }),
    );
    expect(store).toBeInstanceOf(FsBlobStore);
    expect((store as FsBlobStore).root).toBe(join('/srv/signet', 'blobs'));
  });

  it('uses S3 when all four S3 variables are set', async () => {
    const store = await createBlobStore(loadConfig({ SIGNET_MODE: 'test', ...s3Env }));
    expect(store).toBeInstanceOf(S3BlobStore);
    expect((store as S3BlobStore).bucket).toBe('signet-blobs');
    (store as S3BlobStore).close();
  });

  it('reads region and path style, defaulting to path style', () => {
    expect(readS3Settings(s3Env)).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'signet-blobs',
      accessKeyId: 'access',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(
      readS3Settings({ ...s3Env, S3_REGION: 'eu-central-2', S3_FORCE_PATH_STYLE: 'false' }),
    ).toMatchObject({ region: 'eu-central-2', forcePathStyle: false });
  });

  it('names the missing or bad variable instead of falling back silently', () => {
    const error = (env: Record<string, string>) => {
      try {
        readS3Settings(env);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const { S3_SECRET_KEY: _, ...noSecret } = s3Env;
    const missing = error(noSecret);
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as ConfigError).variable).toBe('S3_SECRET_KEY');
    expect((error({ ...s3Env, S3_ENDPOINT: 'ftp://x' }) as ConfigError).variable).toBe(
      'S3_ENDPOINT',
    );
    expect((error({ ...s3Env, S3_BUCKET: 'No_Such' }) as ConfigError).variable).toBe('S3_BUCKET');
    expect((error({ ...s3Env, S3_FORCE_PATH_STYLE: 'yes' }) as ConfigError).variable).toBe(
      'S3_FORCE_PATH_STYLE',
    );
    expect(() => loadConfig({ S3_BUCKET: 'signet-blobs' })).toThrow(ConfigError);
  });
});
