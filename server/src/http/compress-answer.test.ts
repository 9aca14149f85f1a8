import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { type RawAnswer, rawHttp } from '../testing/raw-http.ts';
import { COMPRESS_MIN_BYTES, chooseEncoding, varyAcceptEncoding } from './compress-answer.ts';
import { csvResponse } from './csv-response.ts';
import { pageCsp } from './security-headers.ts';

/** A list as the API answers it: repetitive keys, varied values. */
const LIST = Array.from({ length: 300 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Vertrag Nr. ${i} — Łódź / Αθήνα`,
  status: i % 3 === 0 ? 'DECLINED' : 'OPEN',
}));

const PAGE = `<!doctype html><html><head><script>window.x = 1;</script></head><body>${'<p>Ein langer Absatz mit Umlauten: äöü.</p>'.repeat(100)}</body></html>`;

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('gzip;q=0, *')).toBe('br');
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyAcceptEncoding(null)).toBe('Accept-Encoding');
    expect(varyAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyAcceptEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
  });
});

describe('compressed answers over HTTP', () => {
  let t: TestApp;
  let server: ReturnType<typeof createAdaptorServer>;
  let port: number;
  /** Opened by the CSV test once its first bytes arrived. */
  let releaseCsv: () => void = () => {};

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/test/list', (c) => c.json(LIST));
    t.app.get('/test/small', (c) => c.json({ ok: true }));
    t.app.get('/test/page', (c) => c.html(PAGE));
    t.app.get('/test/not-modified', (c) => {
      c.header('Content-Type', 'application/json');
      return c.body(null, 304);
    });
    t.app.get('/test/no-transform', (c) => c.json(LIST, 200, { 'Cache-Control': 'no-transform' }));
    t.app.get('/test/export.csv', () => {
      const gate = new Promise<void>((resolve) => {
        releaseCsv = resolve;
      });
      async function* batches() {
        yield LIST.slice(0, 100).map((r) => [r.id, r.title]);
        // The rest only once the client has the first part: the answer must be streaming.
        await gate;
        yield LIST.slice(100).map((r) => [r.id, r.title]);
      }
      return csvResponse('export.csv', ['id', 'title'], batches());
    });
    server = createAdaptorServer({ fetch: t.app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  const raw = (
    path: string,
    headers: Record<string, string>,
    method = 'GET',
    onFirstChunk?: () => void,
  ) => rawHttp({ port, path, headers, method, onFirstChunk });

  const decode = (r: RawAnswer) =>
    r.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(r.body)
      : r.headers['content-encoding'] === 'gzip'
        ? gunzipSync(r.body)
        : r.body;

  it('sends a JSON list with Brotli or gzip by Accept-Encoding, the same bytes decoded', async () => {
    const plain = await raw('/test/list', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.byteLength).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(LIST);
    // The answer differs by Accept-Encoding, so caches must know, even for the plain one.
    expect(plain.headers.vary).toContain('Accept-Encoding');

    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const r = await raw('/test/list', { 'Accept-Encoding': accept });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(coding);
      expect(r.headers.vary).toContain('Accept-Encoding');
      expect(r.headers['content-type']).toContain('application/json');
      expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
      expect(r.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
      expect(decode(r).equals(plain.body)).toBe(true);
      // The security headers are still there.
      expect(r.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
    const identity = await raw('/test/list', { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it("compresses the API's own large JSON (the OpenAPI document)", async () => {
    const plain = await raw('/api/openapi.json', {});
    const br = await raw('/api/openapi.json', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br).equals(plain.body)).toBe(true);
    expect(JSON.parse(decode(br).toString('utf8')).openapi).toBeTruthy();
  });

  it('compresses a page after its CSP was made from the plain HTML', async () => {
    const r = await raw('/test/page', { 'Accept-Encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    const html = decode(r).toString('utf8');
    expect(html).toBe(PAGE);
    expect(r.headers['content-security-policy']).toBe(pageCsp(PAGE));
    expect(r.headers['content-security-policy']).toContain("'sha256-");
  });

  it('leaves small answers, no-transform and errors under the threshold alone', async () => {
    const small = await raw('/test/small', { 'Accept-Encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    // Without Accept-Encoding nothing is read or changed but Vary.
    const plainSmall = await raw('/test/small', {});
    expect(plainSmall.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plainSmall.body.toString('utf8'))).toEqual({ ok: true });
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ ok: true });
    const missing = await raw('/api/v1/unknown', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString('utf8')).code).toBe('NOT_FOUND');
    const kept = await raw('/test/no-transform', { 'Accept-Encoding': 'br' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(kept.body.toString('utf8'))).toEqual(LIST);
  });

  it('answers HEAD with the headers of the compressed GET and no body, and 304 as it is', async () => {
    const get = await raw('/test/list', { 'Accept-Encoding': 'br' });
    const head = await raw('/test/list', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.byteLength).toBe(0);
    const notModified = await raw('/test/not-modified', { 'Accept-Encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.body.byteLength).toBe(0);
  });

  it('streams a CSV export as it is produced, uncompressed', async () => {
    const r = await raw('/test/export.csv', { 'Accept-Encoding': 'br, gzip' }, 'GET', () =>
      releaseCsv(),
    );
    // Had the answer been held back to compress it, the first chunk would never have come and
    // the export would hang on its gate.
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['transfer-encoding']).toBe('chunked');
    const lines = r.body.toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(LIST.length + 1);
    expect(lines.at(-1)).toContain('Vertrag Nr. 299');
  });
});
