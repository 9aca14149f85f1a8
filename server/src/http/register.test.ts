import { defineRoute } from '@signet/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { apiNotFound, errorHandler } from './errors.ts';
import { registerRoute } from './register.ts';
import { requestContext } from './request-context.ts';
import type { AppDeps, AppEnv, Principal } from './types.ts';

// A route table of its own, so these tests pin the HTTP layer and not any product route.
const echo = defineRoute({
  method: 'POST',
  path: '/t/items/{id}',
  auth: 'none',
  summary: 'echo',
  params: z.strictObject({ id: z.string().regex(/^\d+$/) }),
  query: z.object({ n: z.coerce.number().int().optional() }),
  body: z.strictObject({ name: z.string().min(1), count: z.number().int() }),
  response: z.object({
    id: z.string(),
    name: z.string(),
    count: z.number(),
    n: z.number().nullable(),
  }),
});
const mine = defineRoute({
  method: 'GET',
  path: '/t/me',
  auth: 'user',
  summary: 'me',
  response: z.object({ userId: z.string() }),
});
const maybe = defineRoute({
  method: 'GET',
  path: '/t/maybe',
  auth: 'optional',
  summary: 'maybe',
  response: z.object({ userId: z.string().nullable() }),
});
const leaky = defineRoute({
  method: 'GET',
  path: '/t/leaky',
  auth: 'none',
  summary: 'strips unknown keys',
  response: z.object({ email: z.string() }),
});
const wrong = defineRoute({
  method: 'GET',
  path: '/t/wrong',
  auth: 'none',
  summary: 'returns the wrong shape',
  response: z.object({ email: z.string() }),
});
const boom = defineRoute({
  method: 'GET',
  path: '/t/boom',
  auth: 'none',
  summary: 'throws',
  query: z.object({ kind: z.enum(['app', 'zod', 'crash', 'limited']) }),
  response: z.object({}),
});
const created = defineRoute({
  method: 'POST',
  path: '/t/created',
  auth: 'none',
  summary: '201',
  status: 201,
  body: z.strictObject({}),
  response: z.object({ ok: z.boolean() }),
});

describe('registerRoute and the error handler', () => {
  let t: TestApp;
  let app: Hono<AppEnv>;
  const logged: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const authenticate = async (c: { req: { header: (n: string) => string | undefined } }) => {
      const h = c.req.header('authorization');
      if (!h) return null;
      if (h !== 'Bearer good') throw new AppError('INVALID_TOKEN', 401, 'Invalid token');
      return { kind: 'user', userId: 'u1' } satisfies Principal;
    };
    const log = Object.assign(Object.create(t.deps.log), {
      error: (...args: unknown[]) => logged.push(args),
    });
    const deps: AppDeps = { ...t.deps, log, authenticate };
    app = new Hono<AppEnv>();
    app.use('*', requestContext(deps));
    app.onError(errorHandler);
    const api = new Hono<AppEnv>();
    registerRoute(api, deps, echo, ({ params, query, body }) => ({
      id: params.id,
      name: body.name,
      count: body.count,
      n: query.n ?? null,
    }));
    registerRoute(api, deps, mine, ({ principal }) => ({ userId: principal.userId }));
    registerRoute(api, deps, maybe, ({ principal }) => ({ userId: principal?.userId ?? null }));
    registerRoute(api, deps, leaky, () => ({ email: 'a@b.c', passwordHash: 'secret' }) as never);
    registerRoute(api, deps, wrong, () => ({ mail: 1 }) as never);
    registerRoute(api, deps, boom, ({ query }) => {
      if (query.kind === 'app') throw new AppError('NO_BUSINESS', 404, 'No business');
      if (query.kind === 'limited') {
        throw new AppError('RATE_LIMITED', 429, 'Slow down', undefined, { 'Retry-After': '7' });
      }
      if (query.kind === 'zod') z.object({ a: z.string() }).parse({ a: 1 });
      throw new Error('kaboom');
    });
    registerRoute(api, deps, created, () => ({ ok: true }));
    api.all('*', apiNotFound);
    app.route('/api', api);
  });
  afterAll(() => t.close());

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await app.request(path, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('parses params, query and body', async () => {
    const r = await post('/api/t/items/42?n=3', JSON.stringify({ name: 'x', count: 2 }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: '42', name: 'x', count: 2, n: 3 });
  });

  it('refuses malformed JSON with 400 VALIDATION_FAILED', async () => {
    const r = await post('/api/t/items/1', '{"name": "x",');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.details[0]).toMatchObject({ in: 'body', code: 'invalid_json' });
  });

  it('refuses wrong types, missing and unknown fields', async () => {
    const types = await post('/api/t/items/1', JSON.stringify({ name: 'x', count: 'two' }));
    expect(types.status).toBe(400);
    expect(types.body.code).toBe('VALIDATION_FAILED');
    expect(types.body.details[0]).toMatchObject({ in: 'body', path: ['count'] });

    const missing = await post('/api/t/items/1', JSON.stringify({ name: 'x' }));
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toEqual(['count']);

    const unknown = await post(
      '/api/t/items/1',
      JSON.stringify({ name: 'x', count: 1, admin: true }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0]).toMatchObject({ code: 'unrecognized_keys' });

    const empty = await post('/api/t/items/1', '');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');

    const array = await post('/api/t/items/1', '[]');
    expect(array.status).toBe(400);
  });

  it('refuses bad params and query', async () => {
    const p = await post('/api/t/items/abc', JSON.stringify({ name: 'x', count: 1 }));
    expect(p.status).toBe(400);
    expect(p.body.details[0]).toMatchObject({ in: 'params', path: ['id'] });
    const q = await post('/api/t/items/1?n=1.5', JSON.stringify({ name: 'x', count: 1 }));
    expect(q.status).toBe(400);
    expect(q.body.details[0]).toMatchObject({ in: 'query', path: ['n'] });
  });

  it('answers bodies over 1 MB with 413, with or without a length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), count: 1 });
    const r = await post('/api/t/items/1', big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');

    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const streamed = await call('/api/t/items/1', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(20);
  });

  it('reads a body of declared length whole, and still refuses one larger than declared', async () => {
    const body = JSON.stringify({ name: 'ä', count: 1 });
    const exact = await post('/api/t/items/7', body, {
      'Content-Length': String(Buffer.byteLength(body)),
    });
    expect(exact.status).toBe(200);
    expect(exact.body).toEqual({ id: '7', name: 'ä', count: 1, n: null });
    // Declared over the limit: refused from the header alone.
    const declared = await post('/api/t/items/1', '{}', { 'Content-Length': String(2 ** 21) });
    expect(declared.status).toBe(413);
    // A Request made in process may declare less than it carries: the size read still counts.
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), count: 1 });
    const lying = await post('/api/t/items/1', big, { 'Content-Length': '20' });
    expect(lying.status).toBe(413);
    expect(lying.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('enforces auth: user and passes optional principals', async () => {
    const anon = await call('/api/t/me');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('UNAUTHENTICATED');
    const bad = await call('/api/t/me', { headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('INVALID_TOKEN');
    const ok = await call('/api/t/me', { headers: { Authorization: 'Bearer good' } });
    expect(ok).toMatchObject({ status: 200, body: { userId: 'u1' } });
    expect((await call('/api/t/maybe')).body).toEqual({ userId: null });
    const withUser = await call('/api/t/maybe', { headers: { Authorization: 'Bearer good' } });
    expect(withUser.body).toEqual({ userId: 'u1' });
  });

  it('sends only what the response schema declares', async () => {
    const r = await call('/api/t/leaky');
    expect(r.body).toEqual({ email: 'a@b.c' });
  });

  it('maps AppError, ZodError and crashes to JSON', async () => {
    const app404 = await call('/api/t/boom?kind=app');
    expect(app404).toMatchObject({
      status: 404,
      body: { code: 'NO_BUSINESS', message: 'No business' },
    });

    const limited = await call('/api/t/boom?kind=limited');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');

    const zod = await call('/api/t/boom?kind=zod');
    expect(zod.status).toBe(400);
    expect(zod.body.code).toBe('VALIDATION_FAILED');

    logged.length = 0;
    const crash = await call('/api/t/boom?kind=crash', {
      headers: { 'X-Request-Id': 'req-crash-1' },
    });
    expect(crash.status).toBe(500);
    expect(crash.body).toEqual({
      code: 'INTERNAL',
      message: 'Internal server error',
      details: { requestId: 'req-crash-1' },
    });
    expect(JSON.stringify(crash.body)).not.toContain('kaboom');
    expect(crash.headers.get('x-request-id')).toBe('req-crash-1');
    expect(logged).toHaveLength(1);

    const shape = await call('/api/t/wrong');
    expect(shape.status).toBe(500);
    expect(shape.body.code).toBe('INTERNAL');
  });

  it('uses the route status', async () => {
    const r = await post('/api/t/created', '{}');
    expect(r).toMatchObject({ status: 201, body: { ok: true } });
  });

  it('answers unknown API paths with JSON 404 and wrong methods too', async () => {
    const r = await call('/api/t/nothing');
    expect(r).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const m = await call('/api/t/me', { method: 'DELETE' });
    expect(m.status).toBe(404);
    expect(m.body.code).toBe('NOT_FOUND');
  });
});
