import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, InvalidBlobKeyError } from './blob-store.ts';
import { FsBlobStore } from './fs-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';
import { startS3TestServer } from './s3-test-server.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const text = (s: string) => new TextEncoder().encode(s);

type Harness = { store: BlobStore; dispose(): Promise<void> };

/** The behaviour every BlobStore must have, whatever is behind it. */
function blobStoreContract(name: string, make: () => Promise<Harness>) {
  describe(`${name} blob store`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await make();
    });
    afterAll(async () => {
      await h?.dispose();
    });

    it('stores bytes under their SHA-256 and reads them back', async () => {
      const bytes = randomBytes(4096);
      const res = await h.store.put(bytes, { contentType: 'application/pdf' });
      expect(res).toEqual({ key: sha(bytes), sha256: sha(bytes), size: 4096 });
      expect(await h.store.has(res.key)).toBe(true);
      const back = await h.store.get(res.key);
      expect(back).not.toBeNull();
      expect(Buffer.from(back as Uint8Array).equals(bytes)).toBe(true);
    });

    it('stores a view of a SharedArrayBuffer with room after it (a signed version, pdf/in-step.ts) as exactly its bytes', async () => {
      const shared = new Uint8Array(new SharedArrayBuffer(8192), 0, 3000);
      shared.set(randomBytes(3000));
      for (const handOver of [false, true]) {
        const res = await h.store.put(shared, { sha256: sha(shared), handOver });
        expect(res.size).toBe(3000);
        const back = await h.store.get(res.key);
        expect(Buffer.from(back as Uint8Array).equals(shared)).toBe(true);
      }
      // Shared, not handed over: the caller's view still reads.
      expect(shared.length).toBe(3000);
    });

    it('is idempotent when the same bytes are written twice, also at the same time', async () => {
      const bytes = text(`same bytes ${Math.random()}`);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => h.store.put(bytes, { contentType: 'text/plain' })),
      );
      const again = await h.store.put(bytes);
      for (const r of [...results, again]) expect(r.key).toBe(sha(bytes));
      expect(new TextDecoder().decode((await h.store.get(again.key)) ?? undefined)).toBe(
        new TextDecoder().decode(bytes),
      );
    });

    it('stores a file under its SHA-256, streamed, and is idempotent like put', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'signet-putfile-'));
      try {
        const bytes = randomBytes(3 * 1024 * 1024);
        const make = async (name: string) => {
          const path = join(dir, name);
          await writeFile(path, bytes);
          return path;
        };
        const file = { sha256: sha(bytes), size: bytes.byteLength };
        const res = await h.store.putFile(await make('a.upload'), file, {
          contentType: 'application/pdf',
        });
        expect(res).toEqual({ key: sha(bytes), sha256: sha(bytes), size: bytes.byteLength });
        expect(sha((await h.store.get(res.key)) as Uint8Array)).toBe(res.key);
        const again = await h.store.putFile(await make('b.upload'), file);
        expect(again.key).toBe(res.key);
        const local = h.store.localPath(res.key);
        if (local) expect(sha(await readFile(local))).toBe(res.key);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('stores an empty blob', async () => {
      const res = await h.store.put(new Uint8Array(0));
      expect(res.key).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      expect(res.size).toBe(0);
      expect((await h.store.get(res.key))?.byteLength).toBe(0);
    });

    it('round-trips a 5 MB blob exactly', async () => {
      const bytes = randomBytes(5 * 1024 * 1024);
      const { key } = await h.store.put(bytes);
      const back = await h.store.get(key);
      expect(back?.byteLength).toBe(bytes.byteLength);
      expect(sha(back as Uint8Array)).toBe(key);
    });

    it('answers null / false for what is not there, and deleting it is fine', async () => {
      const missing = sha(text(`never stored ${Math.random()}`));
      expect(await h.store.get(missing)).toBeNull();
      expect(await h.store.has(missing)).toBe(false);
      await expect(h.store.delete(missing)).resolves.toBeUndefined();
      expect(await h.store.get('render/nothing/1@100.png')).toBeNull();
    });

    it('deletes a blob', async () => {
      const { key } = await h.store.put(text(`to delete ${Math.random()}`));
      await h.store.delete(key);
      expect(await h.store.has(key)).toBe(false);
      expect(await h.store.get(key)).toBeNull();
    });

    it('writes derived blobs at a key and replaces them on a second write', async () => {
      const doc = sha(text(`doc ${Math.random()}`));
      const key = `render/${doc}/1@100.png`;
      await h.store.putAt(key, text('first'), { contentType: 'image/png' });
      expect(new TextDecoder().decode((await h.store.get(key)) ?? undefined)).toBe('first');
      await h.store.putAt(key, text('second'), { contentType: 'image/png' });
      expect(new TextDecoder().decode((await h.store.get(key)) ?? undefined)).toBe('second');
      expect(await h.store.has(key)).toBe(true);
    });

    it('deletes every derived blob under a prefix and nothing else', async () => {
      const a = sha(text(`a ${Math.random()}`));
      const b = sha(text(`b ${Math.random()}`));
      const content = await h.store.put(text(`content ${a}`));
      for (const p of [1, 2, 3]) await h.store.putAt(`render/${a}/${p}@100.png`, text(`a${p}`));
      await h.store.putAt(`render/${b}/1@100.png`, text('b1'));
      await h.store.deletePrefix(`render/${a}/`);
      for (const p of [1, 2, 3]) expect(await h.store.has(`render/${a}/${p}@100.png`)).toBe(false);
      expect(await h.store.has(`render/${b}/1@100.png`)).toBe(true);
      expect(await h.store.has(content.key)).toBe(true);
      await expect(h.store.deletePrefix(`render/${a}/`)).resolves.toBeUndefined();
    });

    it('refuses keys that could escape or collide, before touching storage', async () => {
      const bad = [
        '',
        '../etc/passwd',
        'render/../../x',
        '/abs/path',
        'render//x',
        'render/.hidden',
        'render/x/',
        'Render/UPPER',
        'single-segment',
        'render/a b',
        `render/${'x'.repeat(600)}`,
      ];
      for (const key of bad) {
        await expect(h.store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(h.store.has(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(h.store.putAt(key, text('x')), key).rejects.toBeInstanceOf(
          InvalidBlobKeyError,
        );
        await expect(h.store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
      // A content key is only ever written by put(), so it always matches its bytes.
      const forged = sha(text('real content'));
      await expect(h.store.putAt(forged, text('other content'))).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      expect(await h.store.has(forged)).toBe(false);
      await expect(h.store.deletePrefix('render')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.deletePrefix('../')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });
  });
}

blobStoreContract('filesystem', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'signet-blobs-'));
  return {
    store: new FsBlobStore(dir),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});

blobStoreContract('S3 (s3rver)', async () => {
  const server = await startS3TestServer();
  const store = new S3BlobStore(server.settings);
  await store.ensureBucket();
  return {
    store,
    async dispose() {
      store.close();
      await server.close();
    },
  };
});

describe('filesystem blob store on disk', () => {
  let dir: string;
  let store: FsBlobStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signet-blobs-'));
    store = new FsBlobStore(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps content blobs in fan-out folders ab/cd/<sha256> under DATA_DIR/blobs', async () => {
    const bytes = text('fan-out');
    const { key } = await store.put(bytes);
    const path = join(dir, 'blobs', key.slice(0, 2), key.slice(2, 4), key);
    expect(store.pathOf(key)).toBe(path);
    expect((await readFile(path)).toString()).toBe('fan-out');
    // No temporary files stay behind after writes, repeated ones included.
    await store.put(bytes);
    expect(await readdir(dirname(path))).toEqual([key]);
  });

  it('keeps derived blobs under blobs/derived/<key>', async () => {
    await store.putAt('render/abc/2@150.png', text('png'));
    expect(
      (await readFile(join(dir, 'blobs', 'derived', 'render', 'abc', '2@150.png'))).toString(),
    ).toBe('png');
  });

  it('never shows a half-written file: a crash leaves only a temp file that is not a blob', async () => {
    const bytes = text(`crash ${Math.random()}`);
    const key = sha(bytes);
    const path = store.pathOf(key);
    // What a crash between write and rename leaves: a partial dot-file beside the target.
    await mkdir(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${key}.deadbeef0000.tmp`);
    await writeFile(temp, bytes.slice(0, 3));
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    // A fresh temp file may belong to a write in progress and is left alone …
    expect(await store.removeStaleTempFiles()).toBe(0);
    // … an old one is swept.
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(temp, old, old);
    expect(await store.removeStaleTempFiles()).toBe(1);
    expect(await readdir(dirname(path))).toEqual([]);
    // And writing the blob afterwards works normally.
    await store.put(bytes);
    expect(Buffer.from((await store.get(key)) as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
  });

  it('repairs a truncated content file on the next put', async () => {
    const bytes = text(`truncated ${Math.random()}`);
    const { key } = await store.put(bytes);
    await writeFile(store.pathOf(key), bytes.slice(0, 4));
    await store.put(bytes);
    expect((await store.get(key))?.byteLength).toBe(bytes.byteLength);
  });

  it('keeps a complete content file as it is on a second put', async () => {
    const bytes = text(`kept ${Math.random()}`);
    const { key } = await store.put(bytes);
    const before = statSync(store.pathOf(key));
    await store.put(bytes);
    const after = statSync(store.pathOf(key));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('writes while the event loop is busy (a put started before a PGlite transaction)', async () => {
    await store.put(text('the writer thread is started'));
    const bytes = randomBytes(1 << 20);
    const path = store.pathOf(sha(bytes));
    const put = store.put(bytes);
    // Synchronous work on this thread, as PGlite's statements are: the write must not need an
    // event loop turn to start (it did when the put first asked the file system on this thread).
    const deadline = performance.now() + 5000;
    while (!existsSync(path) && performance.now() < deadline) {}
    expect(existsSync(path)).toBe(true);
    await put;
    expect(sha(await readFile(path))).toBe(sha(bytes));
  });
});
