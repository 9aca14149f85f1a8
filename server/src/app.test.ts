import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import type { Database } from './db/client.ts';
import { lazyDatabase } from './db/lazy.ts';
import { createTestApp, type TestApp } from './testing/app.ts';
import { openTestDatabase } from './testing/database.ts';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the time', async () => {
    const before = Date.now();
    const res = await t.request<{ now: string }>('GET', '/api/v1/datetime');
    expect(res.status).toBe(200);
    const now = Date.parse(res.body.now);
    expect(now).toBeGreaterThanOrEqual(before - 1000);
    expect(now).toBeLessThanOrEqual(Date.now() + 1000);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a safe incoming request id and replaces an unsafe one', async () => {
    const ok = await t.request('GET', '/api/v1/datetime', {
      headers: { 'X-Request-Id': 'abc-123' },
    });
    expect(ok.headers.get('x-request-id')).toBe('abc-123');
    const bad = await t.request('GET', '/api/v1/datetime', {
      headers: { 'X-Request-Id': 'a b<script>' },
    });
    expect(bad.headers.get('x-request-id')).not.toBe('a b<script>');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    const post = await t.request('POST', '/api/v9/whatever', { body: { a: 1 } });
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports no maintenance by default', async () => {
    const res = await t.request('GET', '/api/v1/maintenance');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'none', isBlocking: false, url: null });
  });
});

describe('app while the database opens', () => {
  it('answers the time at once and holds database routes until the database is open', async () => {
    const t = await createTestApp();
    const database = await openTestDatabase();
    let open!: (d: Database) => void;
    const { db, ready } = lazyDatabase(new Promise<Database>((r) => (open = r)));
    const app = createApp({ ...t.deps, db, ready });
    try {
      expect((await app.request('/api/v1/datetime')).status).toBe(200);
      expect((await app.request('/api/openapi.json')).status).toBe(200);
      let answered = false;
      const pending = Promise.resolve(app.request('/api/v1/maintenance')).then((r) => {
        answered = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe(false);
      open(database);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'none', isBlocking: false, url: null });
    } finally {
      await database.close();
      await t.close();
    }
  });
});
