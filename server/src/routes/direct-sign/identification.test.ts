import type {
  TDirectSignatureRequest,
  TDirectUser,
} from '@signet/shared/direct-sign/direct-sign.schema';
import type {
  TIdentInfo,
  TIdentPayment,
} from '@signet/shared/identification/identification.schema';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { TSignatureQualities } from '@signet/shared/user/user.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { oidDer } from '../../crypto/der.ts';
import { dumpSignatureCms, pdfsig, qcStatementsOf } from '../../pdf/test-tools.ts';
import { signUp } from '../auth/testing.ts';
import {
  deliverSandboxWebhooks,
  identCall,
  identify,
  sandboxPost,
} from '../identification/testing.ts';
import {
  basicFor,
  directSignSuite,
  freshIp,
  linkParts,
  sendDirectRequest,
  tanSentTo,
} from './testing.ts';

type Refusal = { code: string; details?: Record<string, unknown> };
const suite = directSignSuite();
let t: (typeof suite)['t'];
let owner: (typeof suite)['owner'];
beforeAll(() => {
  ({ t, owner } = suite);
});

const VERIFIED = {
  givenName: 'Giulia Maria',
  surname: 'Rossi-Ñúñez',
  birthDate: '1991-07-14',
  nationality: 'IT',
};

/** A direct signer's identification calls (`/v1/direct/user/…`) through their link. */
function directCaller(url: string) {
  const direct = { Authorization: basicFor(url), ...freshIp() };
  return { caller: { direct }, as: identCall(t, { direct }) };
}

/** The link with its `userid` changed in one character: someone guessing. */
function alteredLink(url: string): string {
  const { id, userid } = linkParts(url);
  const last = userid.endsWith('A') ? 'B' : 'A';
  return `${t.config.publicUrl}/view/${id}/${userid.slice(0, -1)}${last}`;
}

async function download(documentId: string): Promise<Uint8Array> {
  const res = await t.app.request(`/api/v3/documents/${documentId}/download`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('a direct signer whose slot asks for QES identifies through their link, then signs', () => {
  let flow: Awaited<ReturnType<typeof sendDirectRequest>>;
  let direct: ReturnType<typeof directCaller>;

  beforeAll(async () => {
    flow = await sendDirectRequest(t, owner.token, { level: 'QES', legislation: 'ZERTES' });
    direct = directCaller(flow.url);
  });

  it('is refused with the way to identify; the provider’s terms come first', async () => {
    const { id } = linkParts(flow.url);
    const sign = await t.request<Refusal>('POST', '/api/v3/direct/sign', {
      headers: direct.caller.direct,
      body: { signatureRequestId: id, signingName: 'Giulia Rossi', language: 'it' },
    });
    expect(sign.status).toBe(403);
    expect(sign.body).toMatchObject({
      code: 'QUALITY_TOO_LOW',
      details: { required: { quality: 'QES', legislation: 'ZERTES' }, identify: true },
    });
    // The page learns it up front, and no code is sent for a signature that cannot be made.
    const read = await t.request<TDirectSignatureRequest>(
      'GET',
      `/api/v3/direct/signature-requests/${id}`,
      { headers: direct.caller.direct },
    );
    expect(read.body.me).toMatchObject({
      signature_level: 'QES',
      required_standard: { quality: 'QES', legislation: 'ZERTES' },
    });
    const code = await t.request<Refusal>('POST', '/api/v1/direct/tan/resend', {
      headers: direct.caller.direct,
      body: {},
    });
    expect(code.status).toBe(403);
    expect(code.body.code).toBe('QUALITY_TOO_LOW');
    const terms = await direct.as<Refusal>('POST', '/identification/srs/video', {});
    expect(terms.status).toBe(403);
    expect(terms.body).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      details: { accept: 'tou_srs' },
    });
    const accepted = await direct.as<TDirectUser>('POST', '/accept', { tou_srs: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.attributes.acceptedTou).toEqual(['srs']);
    const nothing = await direct.as<Refusal>('POST', '/accept', {});
    expect(nothing.status).toBe(400);
  });

  it('books under the slot’s legislation, for the link’s request; the one under way comes back', async () => {
    const booked = await direct.as<TIdentInfo>('POST', '/identification/srs/video', {});
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      provider: 'srs',
      method: 'video',
      legislation: 'ZERTES',
      qualified: true,
      status: 'initialized',
      signatureRequestId: flow.request.id,
    });
    // The sandbox page speaks the signer's language (Italian) and leads back to the link's page.
    const page = await t.app.request(new URL(booked.body.identUrl as string).pathname);
    expect(page.status).toBe(200);
    const again = await direct.as<TIdentInfo>('POST', '/identification/srs/video', {
      signatureRequestId: flow.request.id,
    });
    expect(again.body.id).toBe(booked.body.id);
    const read = await direct.as<TIdentInfo>('GET', '/identification/srs/video');
    expect(read.body).toMatchObject({ id: booked.body.id, state: 'initialized' });
    const payment = await direct.as<TIdentPayment>(
      'GET',
      `/identification/payment/${booked.body.id}`,
    );
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({ id: booked.body.id, status: 'NOT_REQUIRED' });
    // Not the account's: the sender's token sees none of it.
    const ownerView = await t.request(
      'GET',
      `/api/v1/user/identification/payment/${booked.body.id}`,
      {
        token: owner.token,
      },
    );
    expect(ownerView.status).toBe(404);

    await sandboxPost(t, booked.body, 'start');
    await deliverSandboxWebhooks(t);
    await sandboxPost(t, booked.body, 'result', { decision: 'pass', ...VERIFIED });
    await deliverSandboxWebhooks(t);
    const done = await direct.as<TIdentInfo>('GET', '/identification/srs/video');
    expect(done.body).toMatchObject({ status: 'success', state: 'activatingQES', identUrl: null });
    const back = await t.app.request(new URL(booked.body.identUrl as string).pathname);
    expect(await back.text()).toContain(`/direct-sign/identification/${flow.request.id}/`);
  });

  it('has QES (DEMO) under ZertES for this slot, and the verified name', async () => {
    const q = await t.request<TSignatureQualities>(
      'GET',
      '/api/v3/direct/user/signature-qualities-detail',
      { headers: direct.caller.direct },
    );
    expect(q.body.qes.zertes).toMatchObject({ quality: 'DEMO', legislation: 'ZERTES' });
    expect(q.body.aes.any).toMatchObject({ quality: 'AES' });
    const me = await t.request<TDirectUser>('GET', '/api/v1/direct/user', {
      headers: direct.caller.direct,
    });
    expect(me.body).toMatchObject({ firstName: 'Giulia Maria', lastName: 'Rossi-Ñúñez' });
    const read = await t.request<TDirectSignatureRequest>(
      'GET',
      `/api/v3/direct/signature-requests/${flow.request.id}`,
      { headers: direct.caller.direct },
    );
    expect(read.body.me.required_standard).toBeNull();
    // The appearance announces the quality the slot will be signed with.
    const visual = await t.request<{ quality: string; lines: string[] }>(
      'GET',
      '/api/v1/direct/visual-signature',
      { headers: direct.caller.direct },
    );
    expect(visual.body.quality).toBe('DEMO');
  });

  it('signs with the TAN and a certificate of their own naming the verified identity', async () => {
    const { id } = linkParts(flow.url);
    const headers = direct.caller.direct;
    // Still no certificate without the TAN.
    const noTan = await t.request<Refusal>('POST', '/api/v3/direct/sign', {
      headers,
      body: { signatureRequestId: id, language: 'it' },
    });
    expect(noTan.status).toBe(422);
    expect(noTan.body.code).toBe('TAN_REQUIRED');
    const sent = await t.request('POST', '/api/v1/direct/tan/resend', { headers, body: {} });
    expect(sent.status).toBe(200);
    const tan = await tanSentTo(t, flow.mobile as string);
    const signed = await t.request<{ status_overall: string }>('POST', '/api/v3/direct/sign', {
      headers,
      body: { signatureRequestId: id, language: 'it', tan },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status_overall).toBe('SIGNED');

    const view = await t.request<TSignatureRequest>('GET', `/api/v3/signature-requests/${id}`, {
      token: owner.token,
    });
    expect(view.body.signatures[0]).toMatchObject({
      status_code: 'SIGNED',
      signed_quality: 'DEMO',
    });
    const pdf = await download(view.body.documents[0]?.id as string);
    const verdict = pdfsig(pdf);
    expect(verdict.signatures[0]?.valid).toBe(true);
    expect(verdict.signatures[0]?.text).toContain(
      'Signer Certificate Common Name: Giulia Maria Rossi-Ñúñez',
    );
    const qc = qcStatementsOf(dumpSignatureCms(pdf)[0] as string);
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.4')))).toBe(true); // QcSSCD
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.7')))).toBe(true); // QcCClegislation CH
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.1')))).toBe(false); // never QcCompliance
  });
});

describe('the direct identification calls refuse', () => {
  let flow: Awaited<ReturnType<typeof sendDirectRequest>>;
  let direct: ReturnType<typeof directCaller>;
  let booked: TIdentInfo;

  beforeAll(async () => {
    flow = await sendDirectRequest(t, owner.token, { level: 'AES' });
    direct = directCaller(flow.url);
    await direct.as('POST', '/accept', { tou_intrum: true });
    booked = (await direct.as<TIdentInfo>('POST', '/identification/intrum/autoident', {})).body;
  });

  it('a wrong signer link: 404 for every call, nothing booked or cancelled', async () => {
    const stranger = identCall(t, {
      direct: { Authorization: basicFor(alteredLink(flow.url)), ...freshIp() },
    });
    for (const [method, path, body] of [
      ['POST', '/identification/intrum/autoident', {}],
      ['GET', '/identification/intrum/autoident', undefined],
      [
        'DELETE',
        `/identification/intrum/autoident?email=${encodeURIComponent(flow.email)}`,
        undefined,
      ],
      ['GET', `/identification/payment/${booked.id}`, undefined],
      ['POST', '/accept', { tou_srs: true }],
    ] as const) {
      const res = await stranger<Refusal>(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const still = await direct.as<TIdentInfo>('GET', '/identification/intrum/autoident');
    expect(still.body.status).toBe('initialized');
  });

  it('a provider or method that does not exist', async () => {
    const unknown = await direct.as<Refusal>('POST', '/identification/intrum/video', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('IDENT_METHOD_UNKNOWN');
    const bad = await direct.as<Refusal>('POST', '/identification/acme/video', {});
    expect(bad.status).toBe(400);
    const badMethod = await direct.as<Refusal>('GET', '/identification/srs/telepathy');
    expect(badMethod.status).toBe(400);
    const none = await direct.as<Refusal>('GET', '/identification/srs/robo');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('NO_IDENTIFICATION');
  });

  it('another signer’s identification, and another request', async () => {
    const other = await sendDirectRequest(t, owner.token, { level: 'AES' });
    const otherDirect = directCaller(other.url);
    const theirs = await otherDirect.as<Refusal>('GET', `/identification/payment/${booked.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('NO_IDENTIFICATION');
    const notTheirs = await otherDirect.as<Refusal>('GET', '/identification/intrum/autoident');
    expect(notTheirs.status).toBe(404);
    // An account does not see it either, nor does the direct signer see an account's.
    const account = await signUp(t);
    const accountView = await identCall(t, account.token)(
      'GET',
      '/identification/intrum/autoident',
    );
    expect(accountView.status).toBe(404);
    // A direct signer identifies for their own request only.
    await otherDirect.as('POST', '/accept', { tou_srs: true });
    const foreign = await otherDirect.as<Refusal>('POST', '/identification/srs/robo', {
      signatureRequestId: flow.request.id,
    });
    expect(foreign.status).toBe(404);
  });

  it('cancelling needs the signer’s own address; then it never raises a quality', async () => {
    const wrong = await direct.as<Refusal>(
      'DELETE',
      '/identification/intrum/autoident?email=someone%40example.com',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('EMAIL_MISMATCH');
    const cancelled = await direct.as<TIdentInfo>(
      'DELETE',
      `/identification/intrum/autoident?email=${encodeURIComponent(flow.email.toUpperCase())}`,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    await sandboxPost(t, booked, 'result', { decision: 'pass', ...VERIFIED });
    await deliverSandboxWebhooks(t);
    const q = await t.request<TSignatureQualities>(
      'GET',
      '/api/v3/direct/user/signature-qualities-detail',
      { headers: direct.caller.direct },
    );
    expect(q.body.aes.any).toBeNull();
  });
});

describe('serial number mismatch', () => {
  it('a second identification of another person fails and changes nothing; e-ID data of another person are refused', async () => {
    const flow = await sendDirectRequest(t, owner.token, { level: 'AES' });
    const direct = directCaller(flow.url);
    const first = await identify(t, direct.caller, {
      provider: 'intrum',
      method: 'autoident',
      verified: VERIFIED,
    });
    expect(first.status).toBe('success');
    const second = await identify(t, direct.caller, {
      provider: 'srs',
      method: 'robo',
      verified: { ...VERIFIED, birthDate: '1985-01-01' },
    });
    expect(second).toMatchObject({ status: 'failure', failureReason: 'SERIAL_NUMBER_MISMATCH' });
    const q = await t.request<TSignatureQualities>(
      'GET',
      '/api/v3/direct/user/signature-qualities-detail',
      { headers: direct.caller.direct },
    );
    // Still the first identity's AES; the other person's QES never arrived.
    expect(q.body.aes.any).not.toBeNull();
    expect(q.body.qes).toEqual({ eidas: null, zertes: null });
    const refused = await direct.as<Refusal>('POST', '/identification/srs/video', {
      eidData: { ...VERIFIED, givenName: 'Paola' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SERIAL_NUMBER_MISMATCH');
  });

  it('holds for an account too: its identity is not replaced by another person’s', async () => {
    const account = await signUp(t);
    await identify(t, account.token, {
      provider: 'intrum',
      method: 'autoident',
      verified: VERIFIED,
    });
    const other = await identify(t, account.token, {
      verified: { ...VERIFIED, surname: 'Bianchi' },
    });
    expect(other.failureReason).toBe('SERIAL_NUMBER_MISMATCH');
    const me = await t.request<{ lastName: string }>('GET', '/api/v1/user', {
      token: account.token,
    });
    expect(me.body.lastName).toBe('Rossi-Ñúñez');
  });
});
