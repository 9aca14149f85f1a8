import type { TMabSigningResult } from '@signet/shared/direct-sign/direct-sign.schema';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { pdfsig, requireTool } from '../../pdf/test-tools.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { asSigner, freshIp, linkParts, PROXY_PEER, sendRequest, signingUrlOf } from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  requireTool('pdfsig');
  t = await createDocumentsTestApp({ TRUST_PROXY: 'true' }, { peer: PROXY_PEER });
  owner = await signUp(t, { firstName: 'Olivia' });
});
afterAll(() => t.cleanup());

async function directSigner() {
  const email = uniqueEmail('marco');
  const doc = await uploadPdf(t, owner.token, await makeTestPdf());
  const request = await sendRequest(t, owner.token, doc, {
    direct_sign: true,
    signatures: [
      {
        signer_identity_data: { email_address: email, first_name: 'Marco', language: 'it' },
        direct: true,
      },
    ],
  });
  const url = signingUrlOf(request, email);
  return { url, request, sid: request.signatures[0]?.sid as string, ...linkParts(url) };
}

/** Starts the app flow and answers in the sandbox app; returns where the app sent the browser. */
async function throughTheApp(
  s: Awaited<ReturnType<typeof directSigner>>,
  decision: 'approve' | 'decline' | 'fail',
): Promise<URL> {
  const par = await asSigner(t, s.url, freshIp())<{ redirectUrl: string }>(
    'POST',
    `/api/v3/mab/create-par/${s.id}/signatures/${s.sid}`,
    { language: 'it', redirect_query_params: 'exitURL=https%3A%2F%2Fshop.example.it%2Fok' },
  );
  expect(par.status, JSON.stringify(par.body)).toBe(200);
  const authorize = new URL(par.body.redirectUrl);
  expect(authorize.pathname).toBe('/sandbox/mab/authorize');
  const page = await t.app.request(`${authorize.pathname}${authorize.search}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Sistema di test');
  expect(html).toContain('Marco');
  const form = new URLSearchParams({
    request_uri: authorize.searchParams.get('request_uri') as string,
    decision,
  });
  const answered = await t.app.request(`${authorize.pathname}`, {
    method: 'POST',
    body: form,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(answered.status).toBe(303);
  return new URL(answered.headers.get('location') as string);
}

async function finish(back: URL) {
  return t.request<TMabSigningResult>(
    'POST',
    `/api/v3/mab/redirect-sign/${back.searchParams.get('state')}`,
    { body: { params: Object.fromEntries(back.searchParams) } },
  );
}

describe('signing in the mobile app (MAB sandbox)', () => {
  it('approve: pushed request → app → redirect → signed, with the link id and the exit query back', async () => {
    const s = await directSigner();
    const back = await throughTheApp(s, 'approve');
    expect(back.pathname).toBe('/mab/redirect');
    expect(back.searchParams.get('code')).toBeTruthy();
    const result = await finish(back);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({
      signatureRequestId: s.id,
      userId: s.userid,
      signingStatus: 'SUCCESS',
      redirectQueryParams: 'exitURL=https%3A%2F%2Fshop.example.it%2Fok',
    });
    const request = await t.request<TSignatureRequest>(
      'GET',
      `/api/v3/signature-requests/${s.id}`,
      {
        token: owner.token,
      },
    );
    expect(request.body.status_overall).toBe('SIGNED');
    const pdf = await t.app.request(`/api/v3/documents/${request.body.documents[0]?.id}/download`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    const verdict = pdfsig(new Uint8Array(await pdf.arrayBuffer()));
    // The signature, then the document time stamp of the B-LTA seal on completion.
    expect(verdict.signatures[0]?.valid).toBe(true);
    expect(verdict.signatures.map((x) => x.totalDocument)).toEqual([false, true]);
    const events = await t.request<{ events: { type: string; data: Record<string, unknown> }[] }>(
      'GET',
      `/api/v3/signature-requests/${s.id}/events`,
      { token: owner.token },
    );
    expect(events.body.events.find((e) => e.type === 'signed')?.data).toMatchObject({
      direct: true,
      authentication: 'mab:sandbox',
    });
    // The state is single use.
    expect((await finish(back)).status).toBe(404);
  });

  it('decline in the app → DECLINED, a simulated failure → ERROR; nothing is signed', async () => {
    const s = await directSigner();
    expect((await finish(await throughTheApp(s, 'decline'))).body.signingStatus).toBe('DECLINED');
    expect((await finish(await throughTheApp(s, 'fail'))).body.signingStatus).toBe('ERROR');
    const request = await t.request<TSignatureRequest>(
      'GET',
      `/api/v3/signature-requests/${s.id}`,
      {
        token: owner.token,
      },
    );
    expect(request.body.status_overall).toBe('OPEN');
  });

  it('a forged code is not signed (ERROR), an unknown state is 404, another signer’s signature is 404', async () => {
    const s = await directSigner();
    const back = await throughTheApp(s, 'approve');
    back.searchParams.set('code', 'forged-code-forged-code-forged-code');
    expect((await finish(back)).body.signingStatus).toBe('ERROR');
    const unknown = await t.request('POST', `/api/v3/mab/redirect-sign/${'x'.repeat(43)}`, {
      body: { params: { code: 'x' } },
    });
    expect(unknown.status).toBe(404);
    const other = await directSigner();
    const res = await asSigner(t, s.url, freshIp())(
      'POST',
      `/api/v3/mab/create-par/${s.id}/signatures/${other.sid}`,
      { language: 'it' },
    );
    expect(res.status).toBe(404);
  });

  it('without a MAB provider: 503 MAB_NOT_AVAILABLE and no sandbox app', async () => {
    const plain = await createDocumentsTestApp({ MAB_PROVIDER: 'none' }, { database: t.database });
    try {
      const o = await signUp(plain);
      const email = uniqueEmail();
      const doc = await uploadPdf(plain, o.token, await makeTestPdf());
      const request = await sendRequest(plain, o.token, doc, {
        direct_sign: true,
        signatures: [{ signer_identity_data: { email_address: email }, direct: true }],
      });
      const url = signingUrlOf(request, email);
      const { id } = linkParts(url);
      const res = await asSigner(plain, url)(
        'POST',
        `/api/v3/mab/create-par/${id}/signatures/${request.signatures[0]?.sid}`,
        { language: 'en' },
      );
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'MAB_NOT_AVAILABLE' });
      expect((await plain.app.request('/sandbox/mab/authorize?request_uri=x')).status).toBe(404);
    } finally {
      await plain.cleanup();
    }
  });
});
