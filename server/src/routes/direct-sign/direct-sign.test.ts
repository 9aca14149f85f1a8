import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { directUserId, documentToken } from '../../services/direct-sign/link.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import {
  asSigner,
  basicFor,
  freshIp,
  linkParts,
  PROXY_PEER,
  readAsSigner,
  sendRequest,
  signingUrlOf,
} from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;

beforeAll(async () => {
  t = await createDocumentsTestApp({ TRUST_PROXY: 'true' }, { peer: PROXY_PEER });
});
afterAll(() => t.cleanup());

describe('creating a request with direct signers', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    owner = await signUp(t, { firstName: 'Olivia' });
  });

  it('needs the request switch: 403 DIRECT_SIGN_NOT_ENABLED and nothing stored without it', async () => {
    const doc = await uploadPdf(t, owner.token, await makeTestPdf());
    const res = await t.request('POST', '/api/v3/signature-requests', {
      token: owner.token,
      body: {
        title: 'No switch',
        documents: [{ document_id: doc.id }],
        signatures: [{ signer_identity_data: { email_address: uniqueEmail() }, direct: true }],
      },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'DIRECT_SIGN_NOT_ENABLED' });
    const stored = await t.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.title, 'No switch'));
    expect(stored).toEqual([]);
  });

  it('answers the signing link to the owner only, with the exit URLs that pass the rules', async () => {
    const doc = await uploadPdf(t, owner.token, await makeTestPdf());
    const direct = uniqueEmail('giulia');
    const account = await signUp(t, { firstName: 'Bruno' });
    const request = await sendRequest(t, owner.token, doc, {
      direct_sign: true,
      exit_urls: {
        exitUrl: 'https://shop.example.ch/done?order=4711',
        errorUrl: 'javascript:alert(1)',
        declineUrl: 'data:text/html,hi',
        timeout: 5,
        declineRedirect: true,
      },
      signatures: [
        {
          signer_identity_data: {
            email_address: direct,
            first_name: 'Giulia',
            last_name: 'Rossi',
            mobile_number: '+39 347 123 4567',
            language: 'it',
          },
          direct: true,
        },
        { account_email: account.email },
      ],
    });
    expect(request.direct_sign).toBe(true);
    // javascript: and data: are ignored; both fall back to the exit URL; 5 s is clamped to 10.
    expect(request.exit_urls).toEqual({
      exitUrl: 'https://shop.example.ch/done?order=4711',
      errorUrl: 'https://shop.example.ch/done?order=4711',
      declineUrl: 'https://shop.example.ch/done?order=4711',
      timeout: 10,
      redirectOnDecline: true,
    });
    const mine = request.signatures.find((s) => s.signer_identity_data.email_address === direct);
    expect(mine).toMatchObject({
      direct: true,
      signer_identity_data: {
        first_name: 'Giulia',
        last_name: 'Rossi',
        mobile_number: '+393471234567',
        language: 'it',
      },
    });
    const link = new URL(mine?.signing_url as string);
    expect(link.origin).toBe(t.config.publicUrl);
    expect(link.pathname).toMatch(/^\/view\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      lang: 'it',
      exitURL: 'https://shop.example.ch/done?order=4711',
      redirectTimeout: '10',
      declineRedirect: '1',
    });
    // The link is nobody else's business: the other signer sees neither it nor the number.
    const seen = await t.request<TSignatureRequest>(
      'GET',
      `/api/v3/signature-requests/${request.id}`,
      { token: account.token },
    );
    const theirs = seen.body.signatures.find((s) => s.direct);
    expect(theirs?.signing_url).toBeNull();
    expect(theirs?.signer_identity_data.mobile_number).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain(linkParts(link.href).userid);
    // Direct signers get their link from the creator: no invitation mail from us.
    expect(await t.mailbox.all(direct)).toEqual([]);
    expect((await t.mailbox.all(account.email)).map((m) => m.template)).toContain(
      'request-invitation',
    );
  });

  it('refuses a mobile number without a country code (400)', async () => {
    const res = await t.request('POST', '/api/v3/signature-requests', {
      token: owner.token,
      body: {
        title: 'Bad number',
        direct_sign: true,
        signatures: [
          {
            signer_identity_data: { email_address: uniqueEmail(), mobile_number: '079 123 45 67' },
            direct: true,
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

/** One direct call, for the request `id`, its document `doc`, the signer `sid`, business `bid`. */
type Call = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** The call names the request (path or body): another request's link is a stranger there. */
  scoped: boolean;
};
type Ids = { id: string; doc: string; sid: string; bid: string };

const CALLS: Call[] = [
  {
    name: 'request',
    method: 'GET',
    path: (i) => `/v3/direct/signature-requests/${i.id}`,
    scoped: true,
  },
  {
    name: 'events',
    method: 'GET',
    path: (i) => `/v3/direct/signature-requests/${i.id}/events`,
    scoped: true,
  },
  {
    name: 'zip',
    method: 'GET',
    path: (i) => `/v3/direct/signature-requests/${i.id}/zip`,
    scoped: true,
  },
  {
    name: 'lock-status',
    method: 'GET',
    path: (i) => `/v3/direct/signature-requests/${i.id}/lock-status`,
    scoped: true,
  },
  {
    name: 'decline',
    method: 'POST',
    path: (i) => `/v3/direct/signature-requests/${i.id}/decline`,
    body: () => ({ message: 'no' }),
    scoped: true,
  },
  {
    name: 'download',
    method: 'GET',
    path: (i) => `/v3/direct/documents/${i.doc}/download`,
    scoped: true,
  },
  {
    name: 'page',
    method: 'GET',
    path: (i) => `/v3/direct/documents/${i.doc}/pages/1`,
    scoped: true,
  },
  {
    name: 'sign',
    method: 'POST',
    path: () => '/v3/direct/sign',
    body: (i) => ({ signatureRequestId: i.id }),
    scoped: true,
  },
  {
    name: 'create-par',
    method: 'POST',
    path: (i) => `/v3/mab/create-par/${i.id}/signatures/${i.sid}`,
    body: () => ({ language: 'it' }),
    scoped: true,
  },
  {
    name: 'public-information',
    method: 'GET',
    path: (i) => `/v2/direct/businesses/${i.bid}/public-information`,
    scoped: true,
  },
  { name: 'user', method: 'GET', path: () => '/v1/direct/user', scoped: false },
  {
    name: 'user update',
    method: 'PUT',
    path: () => '/v1/direct/user',
    body: () => ({ attributes: { lang: 'it' } }),
    scoped: false,
  },
  {
    name: 'qualities',
    method: 'GET',
    path: () => '/v3/direct/user/signature-qualities-detail',
    scoped: false,
  },
  {
    name: 'visual signature',
    method: 'GET',
    path: () => '/v1/direct/visual-signature',
    scoped: false,
  },
  {
    name: 'tan resend',
    method: 'POST',
    path: () => '/v1/direct/tan/resend',
    body: () => ({ channel: 'mail' }),
    scoped: false,
  },
  {
    name: 'tan check',
    method: 'POST',
    path: () => '/v1/direct/tan/check',
    body: () => ({ tan: '000000' }),
    scoped: false,
  },
];

describe('every direct call × {right link, other signer’s link, wrong secret, finished request}', () => {
  let ids: Ids;
  let giulia: string; // the right link
  let bea: string; // a direct signer of another request
  let beaEmail: string;
  let forged: string; // Giulia's ids with a link made under another secret
  let finished: { url: string; ids: Ids };
  let declineTarget: { url: string; ids: Ids };

  beforeAll(async () => {
    const newOwner = async (business: string) => {
      const owner = await signUp(t, { firstName: 'Olivia' });
      const created = await t.request<{ id: string }>('POST', '/api/v2/businesses', {
        token: owner.token,
        body: { name: business, email: 'info@business.example' },
      });
      expect(created.status).toBe(201);
      return { ...owner, businessId: created.body.id };
    };
    const aurora = await newOwner('Assicurazioni Aurora SA');
    const boreal = await newOwner('Boreal Leasing AG');
    const make = async (email: string, firstName = 'Giulia', owner = aurora) => {
      const doc = await uploadPdf(t, owner.token, await makeTestPdf({ pages: 2 }));
      const request = await sendRequest(t, owner.token, doc, {
        direct_sign: true,
        signatures: [
          {
            signer_identity_data: { email_address: email, first_name: firstName, language: 'it' },
            direct: true,
          },
        ],
      });
      const url = signingUrlOf(request, email);
      const sid = request.signatures[0]?.sid as string;
      return { url, ids: { id: request.id, doc: doc.id, sid, bid: owner.businessId }, request };
    };
    const main = await make(uniqueEmail('giulia'));
    giulia = main.url;
    ids = main.ids;
    beaEmail = uniqueEmail('bea');
    bea = (await make(beaEmail, 'Bea', boreal)).url;
    const wrong = directUserId('a-different-server-secret-of-enough-length', ids.id, {
      id: ids.sid,
      directNonce: 'whatever',
    });
    forged = `${t.config.publicUrl}/view/${ids.id}/${wrong}`;
    finished = await make(uniqueEmail('carla'));
    const withdrawn = await t.request(
      'POST',
      `/api/v3/signature-requests/${finished.ids.id}/withdraw`,
      { token: aurora.token, body: { message: 'changed our mind' } },
    );
    expect(withdrawn.status).toBe(200);
    declineTarget = await make(uniqueEmail('dario'));
  });

  const call = (url: string, c: Call, target: Ids) =>
    asSigner(t, url, freshIp())(
      c.method,
      `/api${c.path(target)}`,
      c.body ? c.body(target) : undefined,
    );

  for (const c of CALLS) {
    it(`${c.method} ${c.name}: the right link works`, async () => {
      const [url, target] =
        c.name === 'decline' ? [declineTarget.url, declineTarget.ids] : [giulia, ids];
      const res = await call(url, c, target);
      // Without a TAN, signing is refused for that reason, not as a stranger.
      if (c.name === 'sign') expect(res.body).toMatchObject({ code: 'TAN_REQUIRED' });
      else if (c.name === 'tan check') expect(res.status).toBe(422);
      else if (c.name === 'page') expect([200, 503]).toContain(res.status);
      else expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it(`${c.method} ${c.name}: another signer’s link is a stranger`, async () => {
      const res = await call(bea, c, ids);
      if (c.scoped) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      } else {
        // Calls that name no request act for the link's own signer, never for Giulia.
        expect(res.status).not.toBe(404);
        expect(JSON.stringify(res.body)).not.toMatch(/giulia/i);
      }
    });

    it(`${c.method} ${c.name}: a link made with another secret is 404`, async () => {
      const res = await call(forged, c, ids);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    });

    it(`${c.method} ${c.name}: the link of a finished request is 404`, async () => {
      const res = await call(finished.url, c, finished.ids);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    });
  }

  it('the other request’s link acts only for its own signer (user, TAN)', async () => {
    const user = await asSigner(t, bea, freshIp())<{ email: string }>('GET', '/api/v1/direct/user');
    expect(user.body.email).toBe(beaEmail);
  });

  it('documents also open with the document token of the request read, and only of it', async () => {
    const read = await readAsSigner(t, giulia);
    const ok = await t.request(
      'GET',
      `/api/v3/direct/documents/${ids.doc}/download?token=${encodeURIComponent(read.document_token)}`,
      { headers: freshIp() },
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const beaToken = (await readAsSigner(t, bea)).document_token;
    const other = await t.request(
      'GET',
      `/api/v3/direct/documents/${ids.doc}/download?token=${encodeURIComponent(beaToken)}`,
      { headers: freshIp() },
    );
    expect(other.status).toBe(404);
    const expired = documentToken(t.config.secret, ids.id, ids.sid, Date.now() - 2 * 3600_000);
    const late = await t.request(
      'GET',
      `/api/v3/direct/documents/${ids.doc}/pages/1?token=${encodeURIComponent(expired.token)}`,
      { headers: freshIp() },
    );
    expect(late.status).toBe(404);
    const altered = `${read.document_token.slice(0, -2)}xx`;
    const bad = await t.request(
      'GET',
      `/api/v3/direct/documents/${ids.doc}/download?token=${encodeURIComponent(altered)}`,
      { headers: freshIp() },
    );
    expect(bad.status).toBe(404);
  });

  it('an account’s bearer token does not open direct calls, and a link does not open account calls', async () => {
    const someone = await signUp(t);
    const res = await t.request('GET', `/api/v3/direct/signature-requests/${ids.id}`, {
      token: someone.token,
      headers: freshIp(),
    });
    expect(res.status).toBe(404);
    const back = await t.request('GET', `/api/v3/signature-requests/${ids.id}`, {
      headers: { Authorization: basicFor(giulia), ...freshIp() },
    });
    expect(back.status).toBe(401);
  });

  it('rate-limits wrong links per address: 404 until the limit, then 429 with Retry-After', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await asSigner(
        t,
        forged,
        headers,
      )('GET', `/api/v3/direct/signature-requests/${ids.id}`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Blocked means blocked: even the right link waits, so guessing cannot go on.
    const right = await asSigner(
      t,
      giulia,
      headers,
    )('GET', `/api/v3/direct/signature-requests/${ids.id}`);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = await asSigner(
      t,
      giulia,
      freshIp(),
    )('GET', `/api/v3/direct/signature-requests/${ids.id}`);
    expect(elsewhere.status).toBe(200);
  });
});
