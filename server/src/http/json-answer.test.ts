import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { defineRoute } from '@signet/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { rawHttp } from '../testing/raw-http.ts';
import { COMPRESS_MIN_BYTES, compressAnswers } from './compress-answer.ts';
import { errorHandler } from './errors.ts';
import { registerRoute } from './register.ts';
import { requestContext } from './request-context.ts';
import { securityHeaders } from './security-headers.ts';
import type { AppEnv } from './types.ts';

const echo = defineRoute({
  method: 'POST',
  path: '/t/echo',
  auth: 'none',
  summary: 'echo',
  body: z.strictObject({ text: z.string() }),
  response: z.object({ text: z.string() }),
});

/** API answers over a real socket: JSON with its length, compressed only when it is large. */
describe('JSON answers over HTTP', () => {
  let t: TestApp;
  let server: ReturnType<typeof createAdaptorServer>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    const app = new Hono<AppEnv>();
    app.use('*', requestContext(t.deps));
    app.use('*', compressAnswers());
    app.use('*', securityHeaders(t.deps.config));
    // A middleware failing after the handler answered: the error answer must stand on its own.
    app.use('/api/t/late-failure', async (_c, next) => {
      await next();
      throw new Error('after the answer');
    });
    app.onError(errorHandler);
    const api = new Hono<AppEnv>();
    registerRoute(api, t.deps, echo, ({ body }) => ({ text: body.text }));
    registerRoute(api, t.deps, { ...echo, path: '/t/late-failure' }, ({ body }) => ({
      text: body.text,
    }));
    app.route('/api', api);
    server = createAdaptorServer({ fetch: app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    rawHttp({
      port,
      path,
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        ...headers,
      },
    });

  it('sends a small answer plain with its exact length and the security headers', async () => {
    const r = await post('/api/t/echo', JSON.stringify({ text: 'Łódź' }), {
      'Accept-Encoding': 'br, gzip',
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toBe('application/json');
    expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
    expect(JSON.parse(r.body.toString('utf8'))).toEqual({ text: 'Łódź' });
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('compresses a large answer and sends the length of the compressed bytes', async () => {
    const text = 'Vertrag Łódź '.repeat(COMPRESS_MIN_BYTES);
    const r = await post('/api/t/echo', JSON.stringify({ text }), { 'Accept-Encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
    expect(r.headers.vary).toContain('Accept-Encoding');
  });

  it('answers a failure after the handler with an error of its own length', async () => {
    const r = await post('/api/t/late-failure', JSON.stringify({ text: 'x'.repeat(300) }));
    expect(r.status).toBe(500);
    expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
    expect(JSON.parse(r.body.toString('utf8')).code).toBe('INTERNAL');
  });
});
