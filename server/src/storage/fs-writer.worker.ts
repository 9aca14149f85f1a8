import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { serveThreadCalls } from '../threads/thread-call.ts';

/**
 * The blob store's durable writes, off the event loop: write a temporary file, flush it, rename
 * it over the target and flush the directory, as one job. On the main thread the same steps are
 * nine round trips through the event loop, each waiting behind whatever else runs there (with
 * PGlite, every query); here they cost the disk's time only.
 */
export type WriteJob = {
  dir: string;
  temp: string;
  path: string;
  bytes: Uint8Array;
  /**
   * A content-addressed target (its name is its bytes' digest): a complete file of the same size
   * there already is these bytes, and nothing is written. Checked here, not on the event loop,
   * so a write queued while the main thread is busy (a signing transaction on PGlite) starts at
   * once.
   */
  sameNameSameBytes?: boolean;
};

serveThreadCalls<WriteJob, null>(parentPort, (job) => {
  if (job.sameNameSameBytes) {
    const existing = statSync(job.path, { throwIfNoEntry: false });
    if (existing?.isFile() && existing.size === job.bytes.byteLength) return null;
  }
  let fd: number | undefined;
  try {
    mkdirSync(job.dir, { recursive: true });
    fd = openSync(job.temp, 'wx');
    for (let at = 0; at < job.bytes.byteLength; ) {
      at += writeSync(fd, job.bytes, at, job.bytes.byteLength - at);
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(job.temp, job.path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(job.temp, { force: true });
    throw e;
  }
  try {
    const dirFd = openSync(job.dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Some file systems refuse fsync on a directory; the rename itself is still atomic.
  }
  return null;
});
