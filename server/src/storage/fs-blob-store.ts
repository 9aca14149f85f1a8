import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  assertBlobKey,
  assertDerivedKey,
  assertKeyPrefix,
  type BlobStore,
  isContentKey,
  type PutOptions,
  type PutResult,
  sha256Hex,
} from './blob-store.ts';
import { writeAtomic } from './fs-writer.ts';

const TEMP_FILE = /^\..+\.tmp$/;

/**
 * The embedded blob store: files under `<dataDir>/blobs`. Content blobs live in fan-out
 * directories `ab/cd/<sha256>`, derived blobs under `derived/<key>`. Every write goes to a
 * temporary file beside its target (a dot name no key can take), is flushed to disk and then
 * renamed over the target, so a crash leaves the old file or the new one, never a partial one;
 * the writer thread of `fs-writer.ts` does those steps, off the event loop.
 * Derived keys must not be both a file and a folder (`a/b` and `a/b/c`).
 */
export class FsBlobStore implements BlobStore {
  readonly kind = 'fs' as const;
  /** The `blobs` directory. */
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'blobs');
  }

  /** Where `key` lives on disk. */
  pathOf(key: string): string {
    assertBlobKey(key);
    if (isContentKey(key)) return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
    return join(this.root, 'derived', ...key.split('/'));
  }

  async put(bytes: Uint8Array, options?: PutOptions): Promise<PutResult> {
    const sha256 = options?.sha256 ?? sha256Hex(bytes);
    const size = bytes.byteLength;
    // Same name means same bytes: the writer thread keeps a complete file of the right size.
    await writeAtomic(this.pathOf(sha256), bytes, options?.handOver === true, true);
    return { key: sha256, sha256, size };
  }

  async putFile(
    path: string,
    file: { sha256: string; size: number },
    _options?: PutOptions,
  ): Promise<PutResult> {
    const target = this.pathOf(file.sha256);
    const result = { key: file.sha256, sha256: file.sha256, size: file.size };
    const existing = await stat(target).catch(() => null);
    if (existing?.isFile() && existing.size === file.size) return result;
    const dir = dirname(target);
    await mkdir(dir, { recursive: true });
    // The caller's file is flushed already; a rename on the same file system moves it in one
    // step. Across file systems it is copied beside the target, flushed and renamed.
    try {
      await rename(path, target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await copyFile(path, temp);
        const handle = await open(temp, 'r+');
        await handle.sync().finally(() => handle.close());
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    }
    await syncDir(dir);
    return result;
  }

  localPath(key: string): string | null {
    return this.pathOf(key);
  }

  async putAt(key: string, bytes: Uint8Array, _options?: PutOptions): Promise<void> {
    assertDerivedKey(key);
    await writeAtomic(this.pathOf(key), bytes);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const path = this.pathOf(key);
    try {
      const buf = await readFile(path);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async has(key: string): Promise<boolean> {
    const s = await stat(this.pathOf(key)).catch((e) => {
      if (isMissing(e)) return null;
      throw e;
    });
    return s?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKeyPrefix(prefix);
    await rm(join(this.root, 'derived', ...prefix.slice(0, -1).split('/')), {
      recursive: true,
      force: true,
    });
  }

  /**
   * Removes temporary files left by a crash mid-write that are older than `maxAgeMs`
   * (younger ones may belong to a write in progress). Returns how many were removed.
   */
  async removeStaleTempFiles(maxAgeMs = 60 * 60 * 1000): Promise<number> {
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (e) => {
        if (isMissing(e)) return [];
        throw e;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile() || !TEMP_FILE.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const s = await stat(path).catch(() => null);
      if (s && s.mtimeMs < cutoff) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** Makes a rename durable; some file systems refuse fsync on a directory, which is harmless. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here; the rename itself is still atomic.
  }
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
