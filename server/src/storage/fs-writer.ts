import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { threadCall } from '../threads/thread-call.ts';
import type { WriteJob } from './fs-writer.worker.ts';

const write = threadCall<WriteJob, null>(new URL('./fs-writer.worker.ts', import.meta.url));

/**
 * Writes `bytes` to `path` durably and atomically (temporary file, fsync, rename, fsync of the
 * directory) on the blob writer thread: a reader sees the old file, the whole new one, or none.
 * `handOver`: the bytes' buffer moves to the thread (no copy; the caller's view is emptied) when
 * the view spans the whole buffer. `contentAddressed`: the name is the bytes' digest, so a
 * complete file of that size already there is kept as it is.
 */
export async function writeAtomic(
  path: string,
  bytes: Uint8Array,
  handOver = false,
  contentAddressed = false,
): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const movable =
      handOver &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength &&
      bytes.buffer instanceof ArrayBuffer;
    await write(
      { dir, temp, path, bytes, sameNameSameBytes: contentAddressed },
      movable ? [bytes.buffer as ArrayBuffer] : undefined,
    );
  } catch (e) {
    // Keep the file system's error code (ENOSPC, EACCES…) for callers and logs.
    throw Object.assign(new Error((e as Error).message), { code: (e as { code?: string }).code });
  }
}
