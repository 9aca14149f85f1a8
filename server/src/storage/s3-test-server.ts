import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './s3-blob-store.ts';

/** A running local S3-compatible server (s3rver) for tests and benchmarks. */
export type S3TestServer = {
  settings: S3Settings;
  close(): Promise<void>;
};

/**
 * Starts s3rver on loopback, on a free port in `[portFrom, portTo]`, with its files in a fresh
 * temporary directory that `close()` removes. s3rver accepts the credentials S3RVER/S3RVER.
 */
export async function startS3TestServer(
  options: { portFrom?: number; portTo?: number; bucket?: string } = {},
): Promise<S3TestServer> {
  const portFrom = options.portFrom ?? 3700;
  const portTo = options.portTo ?? 3799;
  const directory = await mkdtemp(join(tmpdir(), 'signet-s3rver-'));
  const span = portTo - portFrom + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = portFrom + ((start + i) % span);
    const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
    try {
      await server.run();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      await rm(directory, { recursive: true, force: true });
      throw e;
    }
    return {
      settings: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: options.bucket ?? 'signet-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      async close() {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  }
  await rm(directory, { recursive: true, force: true });
  throw new Error(`No free port for s3rver in ${portFrom}-${portTo}`);
}
