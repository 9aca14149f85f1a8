import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type RouteDef, routes } from '@signet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
};

describe('/api/openapi.json', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.request<Doc>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with the error schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['code', 'message']),
    });
  });

  it('contains every route of the shared table, and nothing else', () => {
    const table = routes as Record<string, RouteDef>;
    const expected = Object.entries(table).map(([name, r]) => `${r.method} ${r.path} ${name}`);
    const actual: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        actual.push(`${method.toUpperCase()} ${path} ${op.operationId}`);
      }
    }
    expect(actual.sort()).toEqual(expected.sort());
  });

  it('describes inputs and outputs from the zod schemas', () => {
    for (const [name, r] of Object.entries(routes as Record<string, RouteDef>)) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()] as Record<string, never>;
      expect(op, name).toBeDefined();
      if (r.body) {
        expect(op.requestBody, name).toMatchObject({
          content: { 'application/json': { schema: expect.any(Object) } },
        });
      }
      const names = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = (op.parameters as unknown as { name: string; in: string }[]).filter(
        (p) => p.in === 'path',
      );
      expect(params.map((p) => p.name).sort(), name).toEqual(names.sort());
      if (r.auth === 'user') expect(op.security, name).toEqual([{ bearer: [] }]);
    }
    const dt = doc.paths['/v1/datetime']?.get as Record<string, never>;
    expect(dt.responses).toMatchObject({
      200: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { now: { type: 'string', format: 'date-time' } },
            },
          },
        },
      },
    });
  });

  it('serves a browsable reference at /api/docs', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('/api/openapi.json');
    // Everything the page loads comes from this server: no CDN, so it works offline.
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"']+\.js/);
    expect(html).toContain('/api/docs/scalar.js');
    const js = await t.app.request('/api/docs/scalar.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    const plain = new Uint8Array(await js.arrayBuffer());
    expect(plain.byteLength).toBeGreaterThan(100_000);
    // 4 MB of script goes compressed when the browser accepts it, and the same bytes come out.
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await t.app.request('/api/docs/scalar.js', {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(packed.headers.get('vary')).toContain('Accept-Encoding');
      const body = Buffer.from(await packed.arrayBuffer());
      expect(body.byteLength).toBeLessThan(plain.byteLength / 3);
      const unpacked = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(Buffer.compare(unpacked, Buffer.from(plain))).toBe(0);
    }
  });
});
