/// <reference types="node" />
// The client runs against a real HTTP server on an ephemeral port; nothing is mocked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiErrorOf,
  authorizationHeader,
  call,
  createClient,
  type TClientOptions,
  type TFailedRequest,
} from './client.ts';
import { defineRoute } from './route.ts';
import { routes } from './routes.ts';

type Seen = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
};

let server: Server;
let base: string;
let seen: Seen[] = [];
/** Per path: how many times it has been hit (for "fail N times, then succeed"). */
const hits = new Map<string, number>();

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Routes of the test server:
 * - /api/echo: 200 with what it received;
 * - /api/status/{code}?retryAfter=s: always that status with an error body;
 * - /api/flaky/{code}/{failures}: `failures` times that status (Retry-After: 1 for 503 when
 *   `?retryAfter`), then 200 `{ ok: true, hits }`.
 */
function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://x');
  const parts = url.pathname.split('/').filter(Boolean);
  const count = (hits.get(url.pathname) ?? 0) + 1;
  hits.set(url.pathname, count);
  const retryAfter = url.searchParams.get('retryAfter');
  const extra: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {};

  if (parts[1] === 'echo') {
    return json(res, 200, {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: body ? JSON.parse(body) : null,
    });
  }
  if (parts[1] === 'v1' && parts[2] === 'datetime') {
    return json(res, 200, { now: new Date().toISOString() });
  }
  if (parts[1] === 'status') {
    const code = Number(parts[2]);
    return json(res, code, { code: 'TEST_STATUS', message: `status ${code}` }, extra);
  }
  if (parts[1] === 'flaky') {
    const code = Number(parts[2]);
    const failures = Number(parts[3]);
    if (count <= failures) return json(res, code, { code: 'FLAKY', message: 'try again' }, extra);
    return json(res, 200, { ok: true, hits: count });
  }
  return json(res, 404, { code: 'NOT_FOUND', message: 'no such path' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: performance.now(),
      });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  hits.clear();
});

type Calls = { unauthorized: TFailedRequest[]; serverErrors: TFailedRequest[] };

function client(options: Partial<TClientOptions> = {}) {
  const calls: Calls = { unauthorized: [], serverErrors: [] };
  const c = createClient({
    baseURL: base,
    retry: { baseMs: 20, maxMs: 200 },
    onUnauthorized: (r) => {
      calls.unauthorized.push(r);
    },
    onServerError: (r) => {
      calls.serverErrors.push(r);
    },
    ...options,
  });
  return { c, calls };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('headers', () => {
  it('sends a bearer token', async () => {
    const { c } = client({ getAuth: () => ({ type: 'bearer', token: 'tok-123' }) });
    await c('/echo');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('sends basic credentials (UTF-8, base64) for direct signers', async () => {
    const { c } = client({
      getAuth: async () => ({ type: 'basic', username: 'sig-1', password: 'pä:ss' }),
    });
    await c('/echo');
    const header = seen[0]?.headers.authorization ?? '';
    expect(header.startsWith('Basic ')).toBe(true);
    expect(Buffer.from(header.slice(6), 'base64').toString('utf8')).toBe('sig-1:pä:ss');
  });

  it('sends no Authorization header without credentials', async () => {
    const { c } = client({ getAuth: () => null });
    await c('/echo');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends plain objects as JSON', async () => {
    const { c } = client();
    const out = await c('/echo', { method: 'POST', body: { a: 1, b: ['x'] } });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"a":1,"b":["x"]}');
    expect(out).toMatchObject({ method: 'POST', body: { a: 1, b: ['x'] } });
  });

  it('defaults the base path to /api', async () => {
    const urls: string[] = [];
    const c = createClient({
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${input}`, init);
      },
    });
    await c('/echo');
    expect(urls).toEqual(['/api/echo']);
    expect(seen[0]?.url).toBe('/api/echo');
  });
});

describe('retries', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET on %s', async (code) => {
    const { c, calls } = client();
    const out = await c(`/flaky/${code}/2`);
    expect(out).toEqual({ ok: true, hits: 3 });
    expect(seen).toHaveLength(3);
    expect(calls.serverErrors).toEqual([]);
  });

  it.each([400, 403, 404, 422, 501])('does not retry a GET on %s', async (code) => {
    const { c } = client();
    await failure(c(`/flaky/${code}/1`));
    expect(seen).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    const { c } = client();
    await failure(c('/flaky/503/1', { method, body: { x: 1 } }));
    expect(seen).toHaveLength(1);
  });

  it('gives up after the configured retries with the last error', async () => {
    const { c, calls } = client({ retry: { count: 2, baseMs: 10, maxMs: 100 } });
    const error = await failure(c('/status/502'));
    expect(seen).toHaveLength(3);
    expect(apiErrorOf(error)).toEqual({ code: 'TEST_STATUS', message: 'status 502', status: 502 });
    // a retried request does not send the user to /sorry
    expect(calls.serverErrors).toEqual([]);
  });

  it('backs off exponentially between attempts', async () => {
    const { c } = client({ retry: { count: 3, baseMs: 60, maxMs: 1000 } });
    await c('/flaky/500/3');
    const gaps = seen.slice(1).map((s, i) => s.at - (seen[i] as Seen).at);
    expect(gaps).toHaveLength(3);
    // 60, 120, 240 ms (timers may fire a little late, never early)
    expect(gaps[0]).toBeGreaterThanOrEqual(55);
    expect(gaps[1]).toBeGreaterThanOrEqual(115);
    expect(gaps[2]).toBeGreaterThanOrEqual(235);
    expect(gaps[2] as number).toBeGreaterThan(gaps[0] as number);
  });

  it('honours Retry-After on 503 and 429', async () => {
    for (const code of [503, 429]) {
      seen = [];
      hits.clear();
      const { c } = client({ retry: { baseMs: 5, maxMs: 5 } });
      await c(`/flaky/${code}/1?retryAfter=1`);
      expect(seen).toHaveLength(2);
      expect((seen[1] as Seen).at - (seen[0] as Seen).at).toBeGreaterThanOrEqual(990);
    }
  });

  it('caps a long Retry-After', async () => {
    const { c } = client({ retry: { baseMs: 5, maxMs: 5, maxRetryAfterMs: 50 } });
    const started = performance.now();
    await c('/flaky/503/1?retryAfter=3600');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(seen).toHaveLength(2);
  });

  it('lets a caller turn retries off for one read', async () => {
    const { c, calls } = client();
    const error = await failure(c('/status/500', { retry: false }));
    expect(apiErrorOf(error)?.status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(calls.serverErrors).toHaveLength(1);
  });
});

describe('401 and 5xx callbacks', () => {
  it('reports a 401 on an authenticated request once', async () => {
    const { c, calls } = client({ getAuth: () => ({ type: 'bearer', token: 'expired' }) });
    const error = await failure(c('/status/401'));
    expect(apiErrorOf(error)?.status).toBe(401);
    expect(calls.unauthorized).toEqual([{ method: 'GET', url: `${base}/status/401`, status: 401 }]);
    expect(calls.serverErrors).toEqual([]);
  });

  it('leaves a 401 without credentials (wrong password) to the caller', async () => {
    const { c, calls } = client();
    const error = await failure(c('/status/401', { method: 'POST', body: { email: 'a@b.ch' } }));
    expect(apiErrorOf(error)).toEqual({ code: 'TEST_STATUS', message: 'status 401', status: 401 });
    expect(calls.unauthorized).toEqual([]);
  });

  it.each([
    ['POST', 500, 1],
    ['POST', 502, 1],
    ['PUT', 504, 1],
    ['GET', 501, 1],
    ['GET', 505, 1],
    ['POST', 503, 0],
    ['GET', 503, 0],
    ['GET', 500, 0],
    ['POST', 404, 0],
    ['POST', 400, 0],
  ] as const)('%s answered %s → onServerError called %s time(s)', async (method, code, times) => {
    const { c, calls } = client({ retry: { count: 1, baseMs: 5, maxMs: 5 } });
    await failure(c(`/status/${code}`, { method, body: method === 'GET' ? undefined : {} }));
    expect(calls.serverErrors).toHaveLength(times);
    if (times)
      expect(calls.serverErrors[0]).toEqual({
        method,
        url: `${base}/status/${code}`,
        status: code,
      });
    expect(calls.unauthorized).toEqual([]);
  });

  it('calls nothing on success', async () => {
    const { c, calls } = client({ getAuth: () => ({ type: 'bearer', token: 't' }) });
    await c('/echo');
    expect(calls).toEqual({ unauthorized: [], serverErrors: [] });
  });
});

describe('call', () => {
  const getThing = defineRoute({
    method: 'GET',
    path: '/echo/{id}/things/{name}',
    auth: 'user',
    summary: 'test',
    params: z.object({ id: z.string(), name: z.string() }),
    query: z.object({ page: z.coerce.number().optional(), q: z.string().optional() }),
    response: z.object({
      method: z.string(),
      path: z.string(),
      query: z.record(z.string(), z.string()),
    }),
  });
  const putThing = defineRoute({
    method: 'PUT',
    path: '/echo/{id}',
    auth: 'user',
    summary: 'test',
    params: z.object({ id: z.string() }),
    body: z.strictObject({ title: z.string() }),
    response: z.object({ method: z.string(), body: z.object({ title: z.string() }) }),
  });

  it('fills path parameters (encoded) and sends the query', async () => {
    const { c } = client();
    const out = await call(c, getThing, {
      params: { id: 'a b/c', name: 'x' },
      query: { page: 2, q: 'ä&b' },
    });
    expect(seen[0]?.url).toBe('/api/echo/a%20b%2Fc/things/x?page=2&q=%C3%A4%26b');
    expect(out.method).toBe('GET');
    expect(out.query).toEqual({ page: '2', q: 'ä&b' });
  });

  it('sends the body with the route method', async () => {
    const { c } = client({ getAuth: () => ({ type: 'bearer', token: 'tok' }) });
    const out = await call(c, putThing, { params: { id: '7' }, body: { title: 'Contract' } });
    expect(out).toEqual({
      method: 'PUT',
      path: '/api/echo/7',
      query: {},
      body: { title: 'Contract' },
    });
    expect(seen[0]?.headers.authorization).toBe('Bearer tok');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('calls a route of the shared table without input', async () => {
    const { c } = client();
    const out = await call(c, routes.datetime);
    expect(Number.isNaN(Date.parse(out.now))).toBe(false);
    expect(seen[0]?.url).toBe('/api/v1/datetime');
  });

  it('refuses a missing path parameter before sending', async () => {
    const { c } = client();
    await expect(
      call(c, putThing, { params: {} as { id: string }, body: { title: 'x' } }),
    ).rejects.toThrow('missing path parameter id');
    expect(seen).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('builds Authorization values', () => {
    expect(authorizationHeader({ type: 'bearer', token: 'abc' })).toBe('Bearer abc');
    expect(authorizationHeader({ type: 'basic', username: 'u', password: 'p' })).toBe(
      `Basic ${Buffer.from('u:p').toString('base64')}`,
    );
  });

  it.each([
    [new Error('network'), null],
    [{ status: 500, data: '<html>' }, null],
    [
      { status: 400, data: { code: 'VALIDATION_FAILED', message: 'bad', details: [1] } },
      { code: 'VALIDATION_FAILED', message: 'bad', details: [1], status: 400 },
    ],
    [null, null],
  ])('apiErrorOf(%j) → %j', (error, expected) => {
    expect(apiErrorOf(error)).toEqual(expected);
  });
});
