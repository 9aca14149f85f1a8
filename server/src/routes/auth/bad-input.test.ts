import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { emailConfirmations } from '../../db/schema/email-confirmations.ts';
import { jobs } from '../../db/schema/outbox.ts';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { GOOD_PASSWORD, signUp } from './testing.ts';

/**
 * Every account endpoint with a body, fed malformed JSON, wrong types, missing fields and
 * unknown fields: each must answer 4xx JSON `{ code, message }` and write nothing.
 */

const TOKEN = 'A'.repeat(43);
const EMAIL = 'someone@example.ch';

type Case = { name: string; body: unknown; status?: number };
type Endpoint = { method: 'POST' | 'PUT'; path: string; auth: boolean; cases: Case[] };

const common = (valid: Record<string, unknown>): Case[] => [
  { name: 'malformed JSON', body: '{"email": "a@b.ch",' },
  { name: 'not an object', body: '[1,2,3]' },
  { name: 'a JSON string', body: '"hello"' },
  { name: 'empty body', body: '' },
  { name: 'null', body: 'null' },
  { name: 'unknown field', body: { ...valid, isAdmin: true } },
];

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/request-confirmation',
    auth: false,
    cases: [
      ...common({ email: EMAIL }),
      { name: 'missing email', body: { lang: 'en' } },
      { name: 'email wrong type', body: { email: 42 } },
      { name: 'invalid email', body: { email: '.a..b@example' } },
      { name: 'unknown lang', body: { email: EMAIL, lang: 'xx' } },
      { name: 'confirm wrong type', body: { email: EMAIL, confirm: 'yes' } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/valid-confirmation',
    auth: false,
    cases: [
      ...common({ token: TOKEN }),
      { name: 'missing token', body: {} },
      { name: 'token wrong type', body: { token: 12345 } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/check-password',
    auth: false,
    cases: [
      ...common({ password: GOOD_PASSWORD }),
      { name: 'missing password', body: { token: TOKEN } },
      { name: 'password wrong type', body: { password: ['a'] } },
      { name: 'password too long', body: { password: 'x'.repeat(1000) } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/register',
    auth: false,
    cases: [
      ...common({
        firstName: 'A',
        lastName: 'B',
        password: GOOD_PASSWORD,
        token: TOKEN,
        gtc: true,
        lang: 'en',
      }),
      { name: 'missing fields', body: { firstName: 'A', token: TOKEN } },
      {
        name: 'gtc false',
        body: {
          firstName: 'A',
          lastName: 'B',
          password: GOOD_PASSWORD,
          token: TOKEN,
          gtc: false,
          lang: 'en',
        },
      },
      {
        name: "lang 'it'",
        body: {
          firstName: 'A',
          lastName: 'B',
          password: GOOD_PASSWORD,
          token: TOKEN,
          gtc: true,
          lang: 'it',
        },
      },
      {
        name: 'blank name',
        body: {
          firstName: '  ',
          lastName: 'B',
          password: GOOD_PASSWORD,
          token: TOKEN,
          gtc: true,
          lang: 'en',
        },
      },
      {
        name: 'unknown token',
        body: {
          firstName: 'A',
          lastName: 'B',
          password: GOOD_PASSWORD,
          token: TOKEN,
          gtc: true,
          lang: 'en',
        },
        status: 400,
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/login',
    auth: false,
    cases: [
      ...common({ email: EMAIL, password: GOOD_PASSWORD }),
      { name: 'missing password', body: { email: EMAIL } },
      { name: 'first_login wrong type', body: { email: EMAIL, password: 'x', first_login: 'yes' } },
      { name: 'email wrong type', body: { email: { $ne: null }, password: 'x' } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/request-reset',
    auth: false,
    cases: [
      ...common({ email: EMAIL }),
      { name: 'missing email', body: {} },
      { name: 'invalid email', body: { email: 'not-an-address' } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/reset-password',
    auth: false,
    cases: [
      ...common({ token: TOKEN, new: GOOD_PASSWORD }),
      { name: 'missing new', body: { token: TOKEN } },
      { name: 'new wrong type', body: { token: TOKEN, new: 1234567890 } },
      { name: 'unknown token', body: { token: TOKEN, new: GOOD_PASSWORD }, status: 400 },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/change-password',
    auth: true,
    cases: [
      ...common({ old: GOOD_PASSWORD, new: 'another fine phrase' }),
      { name: 'missing old', body: { new: 'another fine phrase' } },
      {
        name: 'wrong old',
        body: { old: 'not it at all', new: 'another fine phrase' },
        status: 403,
      },
      { name: 'weak new', body: { old: GOOD_PASSWORD, new: 'password123' }, status: 400 },
    ],
  },
  {
    method: 'PUT',
    path: '/api/v1/user',
    auth: true,
    cases: [
      ...common({ firstName: 'Z' }),
      { name: 'unknown attribute', body: { attributes: { isAdmin: true } } },
      { name: "lang 'it'", body: { attributes: { lang: 'it' } } },
      { name: 'unknown quality', body: { attributes: { defaultQuality: 'ULTRA' } } },
      { name: 'name wrong type', body: { firstName: 7 } },
      { name: 'email not editable', body: { email: 'other@example.ch' } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/user/accept',
    auth: true,
    cases: [
      ...common({ gtc: true }),
      { name: 'gtc false', body: { gtc: false } },
      { name: 'business_invite wrong type', body: { business_invite: 'true' } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/user/delete',
    auth: true,
    cases: [
      ...common({ password: GOOD_PASSWORD }),
      { name: 'missing password', body: {} },
      { name: 'wrong password', body: { password: 'not it at all' }, status: 403 },
    ],
  },
  {
    method: 'POST',
    path: '/api/v2/businesses',
    auth: true,
    cases: [
      ...common({ name: 'X AG', email: EMAIL }),
      { name: 'missing name', body: { email: EMAIL } },
      { name: 'bad phone', body: { name: 'X AG', email: EMAIL, phone: '12' } },
      { name: 'bad email', body: { name: 'X AG', email: 'x@' } },
    ],
  },
];

// Not rate_limits: a wrong password is counted there (password-attempts.ts) and the count is
// cleared by a right one; that bookkeeping is the one write a refused request makes.
const tables: PgTable[] = [
  users,
  sessions,
  emailConfirmations,
  passwordResets,
  businesses,
  businessMembers,
  jobs,
];

let t: TestApp;
let token: string;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const r = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${table}`);
    out[getTableName(table)] = Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t)).token;
});
afterAll(async () => {
  await t.close();
});

describe('bad input to account endpoints', () => {
  for (const ep of endpoints) {
    for (const c of ep.cases) {
      it(`${ep.method} ${ep.path}: ${c.name}`, async () => {
        const before = await counts();
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (ep.auth) headers.Authorization = `Bearer ${token}`;
        const res = await t.app.request(ep.path, {
          method: ep.method,
          headers,
          body: typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
        });
        if (c.status) expect(res.status).toBe(c.status);
        else expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/json');
        const body = (await res.json()) as { code: string; message: string };
        expect(body.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
        expect(typeof body.message).toBe('string');
        if (!c.status) expect(body.code).toBe('VALIDATION_FAILED');
        expect(await counts()).toEqual(before);
      });
    }
  }

  it('the signed-in endpoints refuse calls without a session, writing nothing', async () => {
    const before = await counts();
    for (const [method, path, body] of [
      ['POST', '/api/v1/logout', undefined],
      ['GET', '/api/v1/user', undefined],
      ['PUT', '/api/v1/user', { firstName: 'Z' }],
      ['POST', '/api/v1/user/accept', { gtc: true }],
      ['POST', '/api/v1/user/delete', { password: GOOD_PASSWORD }],
      ['POST', '/api/v1/change-password', { old: GOOD_PASSWORD, new: 'another fine phrase' }],
      ['GET', '/api/v3/user/signature-qualities-detail', undefined],
      ['POST', '/api/v2/businesses', { name: 'X AG', email: EMAIL }],
      ['GET', '/api/v2/businesses/user', undefined],
      ['GET', '/api/v1/businesses/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const res = await t.app.request(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    }
    expect(await counts()).toEqual(before);
  });
});
