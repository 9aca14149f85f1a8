import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { precompressDir } from './precompress.ts';
import { mountWeb } from './static.ts';

/** A hashed script big enough to be worth compressing (repetitive, as bundles are). */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join(
  '\n',
);

const PORT = 3150;

function makeDist(root: string) {
  const admin = join(root, 'admin');
  mkdirSync(join(admin, 'assets'), { recursive: true });
  writeFileSync(join(admin, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(admin, 'assets', 'app-1234.js'), 'console.log("admin")');
  const site = join(root, 'site');
  mkdirSync(join(site, 'client', '_astro'), { recursive: true });
  mkdirSync(join(site, 'client', 'about'), { recursive: true });
  mkdirSync(join(site, 'server'), { recursive: true });
  writeFileSync(join(site, 'client', '_astro', 'page.abcd.css'), 'body{}');
  writeFileSync(join(site, 'client', 'favicon.svg'), '<svg/>');
  writeFileSync(join(site, 'client', '_astro', 'island.ef01.js'), BIG_SCRIPT);
  writeFileSync(join(admin, 'assets', 'big-5678.js'), BIG_SCRIPT);
  writeFileSync(join(site, 'client', 'about', 'index.html'), '<h1>prerendered about</h1>');
  // The shape @astrojs/node builds in middleware mode: `handler(req, res, next?)`.
  writeFileSync(
    join(site, 'server', 'entry.mjs'),
    `export const handler = async (req, res) => {
      res.statusCode = req.url.startsWith('/missing') ? 404 : 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      const long = req.url.startsWith('/long') ? '<p>Ein langer Absatz.</p>'.repeat(200) : '';
      res.end('<h1>astro ' + req.method + ' ' + req.url + '</h1>' + long);
    };`,
  );
  return { admin, site };
}

describe('web serving', () => {
  let t: TestApp;
  let root: string;
  let server: ReturnType<typeof createAdaptorServer>;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'signet-static-'));
    const { admin, site } = makeDist(root);
    precompressDir(join(site, 'client'));
    precompressDir(admin);
    t = await createTestApp();
    mountWeb(t.app, { adminDir: admin, siteDir: site, log: t.deps.log, config: t.config });
    server = createAdaptorServer({ fetch: t.app.fetch });
    await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(base + path, { redirect: 'manual', ...init });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('keeps the API in front', async () => {
    const r = await get('/api/v1/datetime');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).now).toBeTruthy();
    const missing = await get('/api/v1/unknown');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).code).toBe('NOT_FOUND');
  });

  it('serves the console with an SPA fallback', async () => {
    expect((await get('/business')).status).toBe(301);
    const index = await get('/business/');
    expect(index.status).toBe(200);
    expect(index.text).toContain('console');
    const deep = await get('/business/members/123/show');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('console');
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/business/assets/app-1234.js');
    expect(asset.text).toContain('admin');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('serves site files, immutable under /_astro', async () => {
    const css = await get('/_astro/page.abcd.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const about = await get('/about/');
    expect(about.text).toContain('prerendered about');
  });

  // node:http rather than fetch, which would undo the encoding.
  const raw = (path: string, encoding: string) =>
    new Promise<{ res: { headers: Headers }; body: Buffer }>((resolve, reject) => {
      httpGet(base + path, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v) headers.set(k, String(v));
          resolve({ res: { headers }, body: Buffer.concat(chunks) });
        });
      }).on('error', reject);
    });

  it('sends text assets as their Brotli or gzip copy by Accept-Encoding, with Vary', async () => {
    for (const path of ['/_astro/island.ef01.js', '/business/assets/big-5678.js']) {
      const br = await raw(path, 'gzip, deflate, br');
      expect(br.res.headers.get('content-encoding')).toBe('br');
      expect(br.res.headers.get('vary')).toContain('Accept-Encoding');
      expect(br.res.headers.get('content-type')).toContain('javascript');
      expect(br.res.headers.get('cache-control')).toContain('immutable');
      expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
      expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 4);

      const gz = await raw(path, 'gzip');
      expect(gz.res.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);

      const plain = await raw(path, 'identity');
      expect(plain.res.headers.get('content-encoding')).toBeNull();
      expect(plain.res.headers.get('vary')).toContain('Accept-Encoding');
      expect(plain.body.toString()).toBe(BIG_SCRIPT);
    }
    // Too small to gain anything: sent as it is.
    const small = await raw('/_astro/page.abcd.css', 'br');
    expect(small.res.headers.get('content-encoding')).toBeNull();
  });

  it('sends a file as its precompressed copy by Accept-Encoding, and pages as they are', async () => {
    const br = await raw('/_astro/island.ef01.js', 'gzip, deflate, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    const gz = await raw('/_astro/island.ef01.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);
    const plain = await raw('/_astro/island.ef01.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    // Pages carry a CSP made from their plain text: they are not compressed here.
    const page = await raw('/long', 'br');
    expect(page.res.headers.get('content-encoding')).toBeNull();
    expect(page.body.toString()).toContain('Ein langer Absatz.');
  });

  it('hands everything else to the Astro handler, with the request id', async () => {
    const page = await get('/login?x=1', { headers: { 'X-Request-Id': 'page-1' } });
    expect(page.status).toBe(200);
    expect(page.text).toBe('<h1>astro GET /login?x=1</h1>');
    expect(page.headers.get('x-request-id')).toBe('page-1');
    const missing = await get('/missing/page');
    expect(missing.status).toBe(404);
    const traversal = await get('/_astro/../../server/entry.mjs');
    expect(traversal.text).not.toContain('export const handler');
  });
});

describe('web serving without builds', () => {
  it('answers 503 for pages and keeps the API working', async () => {
    const t = await createTestApp();
    try {
      mountWeb(t.app, {
        adminDir: '/nonexistent/admin',
        siteDir: '/nonexistent/site',
        log: t.deps.log,
        config: t.config,
      });
      expect((await t.app.request('/api/v1/datetime')).status).toBe(200);
      const page = await t.app.request('/');
      expect(page.status).toBe(503);
      expect(await page.text()).toMatch(/pnpm build/);
      expect((await t.app.request('/business/x')).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});
