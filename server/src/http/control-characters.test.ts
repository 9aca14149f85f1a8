import { type RouteDef, routes } from '@signet/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeTestPdf } from '../pdf/make-test-pdf.ts';
import { signUp, uniqueEmail } from '../routes/auth/testing.ts';
import { basicFor, freshIp, PROXY_PEER, sendRequest } from '../routes/direct-sign/testing.ts';
import { uploadPdf } from '../routes/documents/testing.ts';
import { createSession } from '../services/auth/create-session.ts';
import { pageImageSettings } from '../services/documents/page-image.ts';
import { createTestApp, peerEnv, type TestApp } from '../testing/app.ts';

/**
 * A property test over every route with a body, a query or path parameters: generated strings
 * with control characters (and, mixed in, arbitrary text and JSON) in every field the route's
 * schemas name, sent as a signed-in user whose own request and document the ids point at (the
 * direct signer's calls as the direct signer of an open request, each from its own address so
 * the failure limit of wrong links stays out of the way).
 * No answer may be a 5xx; whatever carries a control character is a 400.
 */

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
];

/** Letters a name, title or search could hold, so that nothing but the control character is wrong. */
const letters = fc.string({ unit: fc.constantFrom(...'abcXYZ äöü łóß'), maxLength: 8 });

/** A string holding at least one control character somewhere. */
const controlString = fc
  .tuple(letters, fc.constantFrom(...CONTROL), letters)
  .map(([a, c, b]) => `${a}${c}${b}`);

/** The same for a path segment (a lone surrogate cannot be written in a URL at all). */
const controlParam = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...CONTROL.slice(0, 8)),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, c, b]) => `${a}${c}${b}`);

/** Any other value a client might send for a field. */
const otherValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', 'de', 'en', 'true', '1', '2026-01-01T00:00:00Z', 'a@b.ch', 'SES'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
);

/** The field names a schema declares (object shapes), to aim the values at real fields. */
function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * Input for a schema: one named field holding a control character and nothing else (so the
 * rest of the input is valid and the string would reach the service), or a record over the
 * schema's keys and a stray one with mixed values, one of them with a control character.
 */
function fields(schema: z.ZodType | undefined) {
  const named = keysOf(schema);
  const keys = [...named, 'extra'];
  const single = fc
    .tuple(fc.constantFrom(...(named.length ? named : keys)), controlString)
    .map(([key, value]) => ({ [key]: value }) as Record<string, unknown>);
  const mixed = fc
    .tuple(
      fc.subarray(keys, { minLength: 1 }),
      fc.array(fc.oneof(controlString, otherValue), {
        minLength: keys.length,
        maxLength: keys.length,
      }),
      fc.nat({ max: keys.length - 1 }),
      controlString,
    )
    .map(([chosen, values, poisoned, control]) => {
      const out: Record<string, unknown> = {};
      chosen.forEach((k, i) => {
        out[k] = values[i];
      });
      // At least one field carries a control character.
      out[chosen[poisoned % chosen.length] as string] = control;
      return out;
    });
  return fc.oneof({ arbitrary: single, weight: 3 }, { arbitrary: mixed, weight: 1 });
}

let t: TestApp;
let userId: string;
let ids: { request: string; document: string; signer: string };
let direct: { request: string; document: string; signer: string; authorization: string };

const pageWait = pageImageSettings.waitMs;

beforeAll(async () => {
  // A page image not drawn yet answers 503 RENDERING (try again) after 300 ms, which a loaded
  // machine can pass: here page calls wait for their image, so any 5xx is a real one.
  pageImageSettings.waitMs = 60_000;
  t = await createTestApp({ env: { TRUST_PROXY: 'true' }, peer: PROXY_PEER });
  const owner = await signUp(t);
  userId = owner.user.id;
  const doc = await uploadPdf(t, owner.token, await makeTestPdf(), 'Fuzz');
  const created = await t.request<{ id: string; signatures: { sid: string }[] }>(
    'POST',
    '/api/v3/signature-requests',
    {
      token: owner.token,
      body: {
        title: 'Fuzz',
        documents: [{ document_id: doc.id }],
        signatures: [{ account_email: 'x@example.ch' }],
      },
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  ids = {
    request: created.body.id,
    document: doc.id,
    signer: created.body.signatures[0]?.sid ?? '00000000-0000-4000-8000-000000000000',
  };
  const directDoc = await uploadPdf(t, owner.token, await makeTestPdf(), 'Fuzz direct');
  const sent = await sendRequest(t, owner.token, directDoc, {
    direct_sign: true,
    signatures: [
      { signer_identity_data: { email_address: uniqueEmail('fuzz-direct') }, direct: true },
    ],
  });
  const slot = sent.signatures[0];
  direct = {
    request: sent.id,
    document: directDoc.id,
    signer: slot?.sid as string,
    authorization: basicFor(slot?.signing_url as string),
  };
}, 60_000);
afterAll(async () => {
  pageImageSettings.waitMs = pageWait;
  await t.close();
});

const ZERO = '00000000-0000-4000-8000-000000000000';

/** The path with the user's own ids (or a control-character string where the test wants one). */
function pathOf(route: RouteDef, param: string | undefined): string {
  return `/api${route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (param !== undefined) return encodeURIComponent(param);
    if (name === 'n') return '1';
    if (route.auth === 'nas') {
      if (name === 'sig') return direct.signer;
      if (route.path.includes('/documents/')) return direct.document;
      return route.path.includes('/businesses/') ? ZERO : direct.request;
    }
    if (name === 'sig') return ids.signer;
    if (route.path.startsWith('/v3/documents')) return ids.document;
    if (route.path.includes('signature-requests')) return ids.request;
    return ZERO;
  })}`;
}

const table = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, r]) => r.body || r.query || r.params,
);

describe('control characters in every input', () => {
  it('covers the routes that take input', () => {
    expect(table.length).toBeGreaterThan(30);
  });

  it.each(table)('%s: never a 5xx, and a 400 for control characters', async (_name, route) => {
    // A fresh session per route: a route may end the one it was given (logout, password change).
    const { token } = await createSession(t.db, userId, { ip: null, userAgent: 'fuzz' });
    await fc.assert(
      fc.asyncProperty(
        route.body ? fields(route.body) : fc.constant(undefined),
        route.query ? fields(route.query) : fc.constant(undefined),
        route.params ? fc.option(controlParam, { nil: undefined }) : fc.constant(undefined),
        async (body, query, param) => {
          const qs = query
            ? `?${new URLSearchParams(
                Object.entries(query).map(([k, v]): [string, string] => [
                  k,
                  typeof v === 'string' ? v : JSON.stringify(v),
                ]),
              )}`
            : '';
          const res = await t.app.request(
            pathOf(route, param) + qs,
            {
              method: route.method,
              headers: {
                ...(route.auth === 'nas'
                  ? { Authorization: direct.authorization, ...freshIp() }
                  : { Authorization: `Bearer ${token}` }),
                ...(body ? { 'Content-Type': 'application/json' } : {}),
              },
              ...(body ? { body: JSON.stringify(body) } : {}),
            },
            peerEnv(PROXY_PEER),
          );
          const text = await res.text();
          expect(res.status, `${route.method} ${route.path}: ${text.slice(0, 300)}`).toBeLessThan(
            500,
          );
          if (res.status === 400) expect(JSON.parse(text).code).toBe('VALIDATION_FAILED');
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers the examples of the issue with 400', async () => {
    const { token } = await createSession(t.db, userId, { ip: null, userAgent: 'fuzz' });
    const cases: [string, string, unknown][] = [
      ['PUT', '/api/v1/user', { firstName: '\u0000' }],
      ['PUT', `/api/v3/signature-requests/${ids.request}`, { title: 'a\u0000b' }],
      ['GET', '/api/v3/signature-requests-redesign?search=%00', undefined],
      ['GET', '/api/v1/email_input_autocomplete?input=%00', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.request<{ code: string; details: { code: string }[] }>(method, path, {
        token,
        ...(body ? { body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.details[0]?.code).toBe('control_character');
    }
    // A direct signer's call reaches the same rule once the link is right.
    const declined = await t.app.request(
      `/api/v3/direct/signature-requests/${direct.request}/decline`,
      {
        method: 'POST',
        headers: { Authorization: direct.authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: 'no\u0000' }),
      },
      peerEnv(PROXY_PEER),
    );
    expect(declined.status).toBe(400);
    expect(((await declined.json()) as { details: { code: string }[] }).details[0]?.code).toBe(
      'control_character',
    );
  });
});
