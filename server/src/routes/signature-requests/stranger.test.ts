import { routes } from '@signet/shared';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signers } from '../../db/schema/signers.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createRequest, insertDocument, snapshot } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Session;
let signer: Session;
let stranger: Session;
let draft: TSignatureRequest;
let open: TSignatureRequest;
let claimToken: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  signer = await signUp(t);
  stranger = await signUp(t);
  const make = async (title: string) => {
    const doc = await insertDocument(t, owner.user.id);
    return createRequest(t, owner.token, {
      title,
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: signer.email }],
      observers: [uniqueEmail('obs')],
    });
  };
  draft = await make('Draft');
  open = await make('Open');
  expect(
    (
      await t.request('POST', `/api/v3/signature-requests/${open.id}/initiate`, {
        token: owner.token,
      })
    ).status,
  ).toBe(200);
  const [row] = await t.db.select().from(signers).where(eq(signers.requestId, open.id));
  claimToken = row?.claimToken as string;
}, 60_000);
afterAll(() => t.close());

/**
 * A valid body for every call that takes one, so a stranger's 404 is not a 400 in disguise.
 * Keyed by `METHOD path`; calls of the documents/signing module are included when they exist.
 */
function bodyFor(method: string, path: string, r: TSignatureRequest): unknown {
  const key = `${method} ${path}`;
  const bodies: Record<string, unknown> = {
    'PUT /v3/signature-requests/{id}': { title: 'Stolen', observers: [stranger.email] },
    'POST /v3/signature-requests/{id}/documents': { document_id: r.documents[0]?.id },
    'POST /v3/signature-requests/{id}/signatures': { account_email: stranger.email },
    'POST /v3/signature-requests/{id}/observers': { email: stranger.email },
    'POST /v3/signature-requests/{id}/decline': { message: 'no' },
    'POST /v3/signature-requests/{id}/withdraw': { message: 'no' },
    'POST /v3/signature-requests/{id}/delegate': { email: stranger.email },
    'POST /v3/sign': [{ signatureRequestId: r.id, signingName: 'Mallory' }],
  };
  return bodies[key];
}

/** Every call that names a request (or one of its documents), from the shared route table. */
const requestCalls = Object.entries(routes).filter(
  ([, route]) =>
    route.path.startsWith('/v3/signature-requests/{id}') ||
    route.path.startsWith('/v3/documents/{id}') ||
    route.path === '/v3/sign',
);

function fill(path: string, r: TSignatureRequest): string {
  const values: Record<string, string> = {
    id: path.startsWith('/v3/documents/') ? (r.documents[0]?.id as string) : r.id,
    docId: r.documents[0]?.id as string,
    sig: r.signatures[0]?.sid as string,
    o: r.observers[0]?.id as string,
    att: '00000000-0000-4000-8000-000000000000',
    n: '1',
  };
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'x');
}

describe('a stranger (neither owner, signer nor observer)', () => {
  it('covers every request call of the route table', () => {
    const names = requestCalls.map(([name]) => name);
    for (const mine of [
      'getSignatureRequest',
      'updateSignatureRequest',
      'deleteSignatureRequest',
      'getSignatureRequestStatus',
      'getSignatureRequestEvents',
      'getSignatureRequestLockStatus',
      'addSignatureRequestDocument',
      'removeSignatureRequestDocument',
      'initiateSignatureRequest',
      'addSignatureRequestSigner',
      'removeSignatureRequestSigner',
      'addSignatureRequestObserver',
      'removeSignatureRequestObserver',
      'declineSignatureRequest',
      'withdrawSignatureRequest',
      'remindSignatureRequest',
      'delegateSignatureRequest',
    ]) {
      expect(names).toContain(mine);
    }
  });

  for (const state of ['draft', 'open'] as const) {
    it.each(requestCalls.map(([name, route]) => [name, route.method, route.path] as const))(
      `${state}: %s (%s %s) → 404, nothing changed`,
      async (_name, method, path) => {
        const r = state === 'draft' ? draft : open;
        const before = await snapshot(t);
        const res = await t.request(method, `/api${fill(path, r)}`, {
          token: stranger.token,
          body: bodyFor(method, path, r),
        });
        if (path === '/v3/sign' && res.status === 200) {
          // The sign call is a batch (ZSignResultSchema): each entry answers for itself, and a
          // stranger's entry is NOT_FOUND like any other call's.
          expect(res.body).toEqual([expect.objectContaining({ ok: false, code: 'NOT_FOUND' })]);
        } else {
          expect(res.status, JSON.stringify(res.body)).toBe(404);
          expect(res.body).toMatchObject({ code: expect.stringMatching(/NOT_FOUND$/) });
          // The route exists: this is the service's 404, not the catch-all for unknown paths.
          expect((res.body as { message: string }).message).not.toMatch(/^No API route/);
        }
        expect(await snapshot(t)).toBe(before);
      },
    );
  }

  it('gets 404 on sendto with a request id, and sees nothing in the list or autocomplete', async () => {
    const before = await snapshot(t);
    for (const path of [`/api/v3/sendto/${open.id}/get-internal`]) {
      expect((await t.request('GET', path, { token: stranger.token })).status).toBe(404);
    }
    expect(
      (await t.request('POST', `/api/v3/sendto/${open.id}/claim`, { token: stranger.token }))
        .status,
    ).toBe(404);
    const list = await t.request<{ total: number }>('GET', '/api/v3/signature-requests-redesign', {
      token: stranger.token,
    });
    expect(list.body.total).toBe(0);
    const ac = await t.request(
      'GET',
      `/api/v1/email_input_autocomplete?input=${encodeURIComponent(signer.email.slice(0, 6))}`,
      {
        token: stranger.token,
      },
    );
    expect(ac.body).toEqual({ emails: [] });
    expect(await snapshot(t)).toBe(before);
    // The claim token is the one thing that lets a non-participant in (it proves the mail).
    expect(
      (
        await t.request('GET', `/api/v3/sendto/${claimToken}/get-internal`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(200);
  });

  it('gets 401 without a session', async () => {
    const res = await t.request('GET', `/api/v3/signature-requests/${open.id}`);
    expect(res.status).toBe(401);
  });
});
