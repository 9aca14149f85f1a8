import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { createRequest, insertDocument, snapshot } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Session;
let signer: Session;
let r: TSignatureRequest;
let docId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  signer = await signUp(t);
  docId = (await insertDocument(t, owner.user.id)).id;
  r = await createRequest(t, owner.token, {
    title: 'Bad input',
    documents: [{ document_id: docId }],
    signatures: [{ account_email: signer.email }],
  });
}, 60_000);
afterAll(() => t.close());

const R = '/api/v3/signature-requests';
const long = 'x'.repeat(6000);

describe('bad input on every call: 4xx JSON, nothing written', () => {
  const cases: [string, string, () => string, unknown, 'owner' | 'signer'][] = [
    ['create: no title', 'POST', () => R, { documents: [] }, 'owner'],
    ['create: unknown field', 'POST', () => R, { title: 'x', evil: 1 }, 'owner'],
    ['create: signer without address', 'POST', () => R, { title: 'x', signatures: [{}] }, 'owner'],
    [
      'create: bad address',
      'POST',
      () => R,
      { title: 'x', signatures: [{ account_email: 'a@b' }] },
      'owner',
    ],
    [
      'create: same signer twice',
      'POST',
      () => R,
      {
        title: 'x',
        signatures: [{ account_email: 'a@example.ch' }, { account_email: 'A@example.ch' }],
      },
      'owner',
    ],
    [
      'create: unknown document',
      'POST',
      () => R,
      { title: 'x', documents: [{ document_id: '00000000-0000-4000-8000-000000000000' }] },
      'owner',
    ],
    [
      'create: box on a foreign document',
      'POST',
      () => R,
      {
        title: 'x',
        documents: [],
        signatures: [
          {
            account_email: 'a@example.ch',
            document_signatures: [{ document_id: '__DOC__', page: 1, x: 1, y: 1 }],
          },
        ],
      },
      'owner',
    ],
    [
      'create: box on a missing page',
      'POST',
      () => R,
      { title: 'x', documents: [{ document_id: `${'0'.repeat(8)}-0000-4000-8000-000000000001` }] },
      'owner',
    ],
    ['create: message too long', 'POST', () => R, { title: 'x', message: long }, 'owner'],
    ['create: not JSON', 'POST', () => R, '{"title":', 'owner'],
    ['update: empty title', 'PUT', () => `${R}/${r.id}`, { title: '  ' }, 'owner'],
    ['update: bad observer', 'PUT', () => `${R}/${r.id}`, { observers: ['nope'] }, 'owner'],
    ['add document: no id', 'POST', () => `${R}/${r.id}/documents`, {}, 'owner'],
    [
      'add document: already attached',
      'POST',
      () => `${R}/${r.id}/documents`,
      { document_id: '__DOC__' },
      'owner',
    ],
    [
      'add signer: no address',
      'POST',
      () => `${R}/${r.id}/signatures`,
      { document_signatures: [] },
      'owner',
    ],
    [
      'add signer: negative order',
      'POST',
      () => `${R}/${r.id}/signatures`,
      { account_email: 'z@example.ch', order: -1 },
      'owner',
    ],
    [
      'add signer: page 0',
      'POST',
      () => `${R}/${r.id}/signatures`,
      {
        account_email: 'z@example.ch',
        document_signatures: [{ document_id: '__DOC__', page: 0, x: 0, y: 0 }],
      },
      'owner',
    ],
    [
      'add signer: page beyond the end',
      'POST',
      () => `${R}/${r.id}/signatures`,
      {
        account_email: 'z@example.ch',
        document_signatures: [{ document_id: '__DOC__', page: 9, x: 0, y: 0 }],
      },
      'owner',
    ],
    [
      'add signer: already signs',
      'POST',
      () => `${R}/${r.id}/signatures`,
      { account_email: '__SIGNER__' },
      'owner',
    ],
    [
      'remove signer: unknown',
      'DELETE',
      () => `${R}/${r.id}/signatures/00000000-0000-4000-8000-000000000000`,
      undefined,
      'owner',
    ],
    [
      'remove document: unknown',
      'DELETE',
      () => `${R}/${r.id}/documents/00000000-0000-4000-8000-000000000000`,
      undefined,
      'owner',
    ],
    ['add observer: bad address', 'POST', () => `${R}/${r.id}/observers`, { email: 'x' }, 'owner'],
    [
      'add observer: extra field',
      'POST',
      () => `${R}/${r.id}/observers`,
      { email: 'o@example.ch', role: 'admin' },
      'owner',
    ],
    [
      'remove observer: unknown',
      'DELETE',
      () => `${R}/${r.id}/observers/00000000-0000-4000-8000-000000000000`,
      undefined,
      'owner',
    ],
    [
      'decline: message not a string',
      'POST',
      () => `${R}/${r.id}/decline`,
      { message: 42 },
      'signer',
    ],
    [
      'decline: message too long',
      'POST',
      () => `${R}/${r.id}/decline`,
      { message: long },
      'signer',
    ],
    [
      'withdraw: message too long',
      'POST',
      () => `${R}/${r.id}/withdraw`,
      { message: long },
      'owner',
    ],
    ['delegate: no address', 'POST', () => `${R}/${r.id}/delegate`, { message: 'hi' }, 'signer'],
    [
      'delegate: bad address',
      'POST',
      () => `${R}/${r.id}/delegate`,
      { email: 'not-mail' },
      'signer',
    ],
    ['request id not a uuid', 'GET', () => `${R}/not-a-uuid`, undefined, 'owner'],
    ['sendto: short token', 'GET', () => '/api/v3/sendto/abc/get-internal', undefined, 'owner'],
    ['list: size 7', 'GET', () => '/api/v3/signature-requests-redesign?size=7', undefined, 'owner'],
    [
      'list: unknown status',
      'GET',
      () => '/api/v3/signature-requests-redesign?status=OPEN,NOPE',
      undefined,
      'owner',
    ],
    [
      'list: bad sortBy',
      'GET',
      () => '/api/v3/signature-requests-redesign?sortBy=password',
      undefined,
      'owner',
    ],
    [
      'list: bad date',
      'GET',
      () => '/api/v3/signature-requests-redesign?dateFrom=2024-13-45',
      undefined,
      'owner',
    ],
    [
      'list: bad sendBy',
      'GET',
      () => '/api/v3/signature-requests-redesign?sendBy=them',
      undefined,
      'owner',
    ],
    [
      'list: unknown parameter',
      'GET',
      () => '/api/v3/signature-requests-redesign?drop=table',
      undefined,
      'owner',
    ],
    [
      'list: negative page',
      'GET',
      () => '/api/v3/signature-requests-redesign?page=-1',
      undefined,
      'owner',
    ],
    [
      'autocomplete: too long',
      'GET',
      () => `/api/v1/email_input_autocomplete?input=${'a'.repeat(300)}`,
      undefined,
      'owner',
    ],
  ];

  it.each(cases)('%s', async (_name, method, path, body, who) => {
    const before = await snapshot(t);
    // Placeholders stand for values made in beforeAll (the table is built before it runs).
    const filled =
      body && typeof body === 'object'
        ? JSON.parse(
            JSON.stringify(body)
              .replaceAll('__DOC__', docId)
              .replaceAll('__SIGNER__', signer.email),
          )
        : body;
    const res = await t.request(method, path(), {
      token: who === 'owner' ? owner.token : signer.token,
      body: filled,
      ...(typeof body === 'string' ? { headers: { 'Content-Type': 'application/json' } } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toMatchObject({
      code: expect.stringMatching(/^[A-Z_]+$/),
      message: expect.any(String),
    });
    expect(await snapshot(t)).toBe(before);
  });
});
