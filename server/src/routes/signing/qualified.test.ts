import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { TTanChallenge } from '@signet/shared/signing/signing.constants';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oidDer } from '../../crypto/der.ts';
import { documents } from '../../db/schema/documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { isParsedKept } from '../../pdf/parsed-cache.ts';
import {
  dumpSignatureCms,
  pdfsig,
  pdfText,
  qcStatementsOf,
  requireTool,
} from '../../pdf/test-tools.ts';
import { platformCa } from '../../services/pki/platform-ca.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { identify } from '../identification/testing.ts';
import { signBatch } from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;

beforeAll(async () => {
  requireTool('pdfsig');
  requireTool('pdftotext');
  requireTool('openssl');
  t = await createDocumentsTestApp();
});
afterAll(() => t.cleanup());

const NAME = {
  givenName: 'Łukasz',
  surname: 'Żółć-Ελένη',
  birthDate: '1988-02-29',
  nationality: 'PL',
};

async function requestFor(
  ownerToken: string,
  signers: {
    email: string;
    signature_level?: 'SES' | 'AES' | 'QES';
    legislation?: 'EIDAS' | 'ZERTES';
  }[],
): Promise<TSignatureRequest> {
  const doc = await uploadPdf(t, ownerToken, await makeTestPdf({ pages: 2 }));
  const created = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
    token: ownerToken,
    body: {
      title: 'Arbeitsvertrag',
      documents: [{ document_id: doc.id }],
      signatures: signers.map(({ email, ...rest }) => ({ account_email: email, ...rest })),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await t.request<TSignatureRequest>(
    'POST',
    `/api/v3/signature-requests/${created.body.id}/initiate`,
    { token: ownerToken },
  );
  expect(sent.status).toBe(200);
  return sent.body;
}

async function tanFromMail(email: string): Promise<string> {
  const mail = await t.mailbox.last(email);
  const tan = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
  expect(tan, mail?.subject ?? 'no mail').toBeDefined();
  return tan as string;
}

async function download(token: string, documentId: string): Promise<Uint8Array> {
  const res = await t.app.request(`/api/v3/documents/${documentId}/download`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('a request that asks for QES (Demo QTSP)', () => {
  it("asks each signer for their own slot's standard, not another signer's", async () => {
    const owner = await signUp(t);
    const first = await signUp(t);
    const second = await signUp(t);
    // The first slot asks QES, the second nothing: the first signer must not sign as SES.
    const request = await requestFor(owner.token, [
      { email: first.email, signature_level: 'QES', legislation: 'ZERTES' },
      { email: second.email },
    ]);
    const low = await signBatch(t, first.token, [{ signatureRequestId: request.id }]);
    expect(low.status).toBe(403);
    expect(low[0]).toMatchObject({ ok: false, code: 'QUALITY_TOO_LOW' });
  });

  it('leaves no request marked as being signed by an entry it refuses, nor by a call that asks for a TAN', async () => {
    const owner = await signUp(t);
    const plain = await signUp(t);
    const qualified = await signUp(t);
    await identify(t, qualified.token, { legislation: 'ZERTES', verified: NAME });
    // Both are the caller's turn, so the batch's one statement marks both before the trust step
    // refuses the first.
    const qes = await requestFor(owner.token, [
      { email: plain.email, signature_level: 'QES', legislation: 'ZERTES' },
    ]);
    const ses = await requestFor(owner.token, [{ email: plain.email }]);
    const mixed = await signBatch(t, plain.token, [
      { signatureRequestId: qes.id },
      { signatureRequestId: ses.id },
    ]);
    expect(mixed.map((r) => [r.ok, r.code ?? r.status_overall])).toEqual([
      [false, 'QUALITY_TOO_LOW'],
      [true, 'SIGNED'],
    ]);
    const lockedOf = async (id: string) =>
      (
        await t.db
          .select({ locked: signatureRequests.lockedUntil })
          .from(signatureRequests)
          .where(eq(signatureRequests.id, id))
      )[0]?.locked;
    expect(await lockedOf(qes.id)).toBeNull();
    expect(await lockedOf(ses.id)).toBeNull();

    // A QES without a TAN: 428, and the request it marked is free again.
    const mine = await requestFor(owner.token, [
      { email: qualified.email, signature_level: 'QES', legislation: 'ZERTES' },
    ]);
    const asked = await t.request('POST', '/api/v3/sign', {
      token: qualified.token,
      body: [{ signatureRequestId: mine.id }],
    });
    expect(asked.status).toBe(428);
    expect(await lockedOf(mine.id)).toBeNull();
    const lock = await t.request('GET', `/api/v3/signature-requests/${mine.id}/lock-status`, {
      token: qualified.token,
    });
    expect(lock.body).toEqual({ locked: false });
  });

  it('refuses a signer without it (QUALITY_TOO_LOW), asks an identified one for a TAN, and signs with their own certificate', async () => {
    const owner = await signUp(t);
    const qualified = await signUp(t);
    const plain = await signUp(t);
    await identify(t, qualified.token, { legislation: 'ZERTES', verified: NAME });
    const request = await requestFor(owner.token, [
      { email: qualified.email, signature_level: 'QES', legislation: 'ZERTES' },
      { email: plain.email, signature_level: 'QES', legislation: 'ZERTES' },
    ]);
    expect(request.signatures.map((x) => [x.signature_level, x.legislation])).toEqual([
      ['QES', 'ZERTES'],
      ['QES', 'ZERTES'],
    ]);
    const plainSid = request.signatures.find((x) => x.account_email === plain.email)?.sid;

    // The signer below the standard: the upgrade-standards answer, nothing signed.
    const low = await signBatch(t, plain.token, [{ signatureRequestId: request.id }]);
    expect(low.status).toBe(403);
    expect(low[0]).toMatchObject({ ok: false, code: 'QUALITY_TOO_LOW' });
    const asked = await t.request('POST', '/api/v3/sign', {
      token: plain.token,
      body: [{ signatureRequestId: request.id }],
    });
    expect(asked.body).toMatchObject({
      code: 'QUALITY_TOO_LOW',
      details: { required: { quality: 'QES', legislation: 'ZERTES' } },
    });
    const method = await t.request(
      'GET',
      `/api/v3/signature-requests/${request.id}/signatures/${plainSid}/ident-method`,
      { token: plain.token },
    );
    expect(method.body).toMatchObject({
      quality: 'QES',
      legislation: 'ZERTES',
      satisfied: false,
      methods: ['video', 'loc', 'auto'],
    });

    // No TAN: a challenge, and the code by mail; nothing is issued or signed yet.
    const first = await t.request<{ code: string; details: { challenge: TTanChallenge } }>(
      'POST',
      '/api/v3/sign',
      { token: qualified.token, body: [{ signatureRequestId: request.id, language: 'de' }] },
    );
    expect(first.status).toBe(428);
    expect(first.body.code).toBe('TAN_REQUIRED');
    expect(first.body.details.challenge).toMatchObject({
      provider: 'demo-qtsp',
      channel: 'email',
      quality: 'DEMO',
      legislation: 'ZERTES',
    });
    // While the signer reads the code, the document they sign is parsed for the signature.
    const [version] = await t.db
      .select({ key: documents.currentBlobKey })
      .from(documents)
      .where(eq(documents.id, request.documents[0]?.id as string));
    await vi.waitFor(() => expect(isParsedKept(version?.key as string)).toBe(true));
    const tan = await tanFromMail(qualified.email);
    const wrong = await t.request('POST', '/api/v3/sign', {
      token: qualified.token,
      body: [{ signatureRequestId: request.id, tan: tan === '000000' ? '111111' : '000000' }],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'TAN_INVALID', details: { attemptsLeft: 2 } });
    const blobs = t.deps.blobs as NonNullable<typeof t.deps.blobs>;
    const reads = vi.spyOn(blobs, 'get');
    const signed = await signBatch(t, qualified.token, [
      { signatureRequestId: request.id, tan, language: 'de' },
    ]);
    expect(signed[0]).toMatchObject({ ok: true, status_overall: 'OPEN' });
    // The signature took the document parsed ahead, and with it the version's bytes: no read.
    expect(isParsedKept(version?.key as string)).toBe(false);
    expect(reads.mock.calls.map((call) => call[0] as string)).not.toContain(version?.key);
    reads.mockRestore();
    // A code serves one signing.
    const reuse = await t.request('POST', '/api/v3/sign', {
      token: qualified.token,
      body: [{ signatureRequestId: request.id, tan }],
    });
    expect(reuse.status).toBe(410);

    const pdf = await download(owner.token, request.documents[0]?.id as string);
    const verdict = pdfsig(pdf);
    expect(verdict.signatures).toHaveLength(1);
    expect(verdict.signatures[0]?.valid).toBe(true);
    expect(verdict.signatures[0]?.text).toContain(
      'Signer Certificate Common Name: Łukasz Żółć-Ελένη',
    );
    const qc = qcStatementsOf(dumpSignatureCms(pdf)[0] as string);
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.4')))).toBe(true); // QcSSCD: a QES certificate
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.7')))).toBe(true); // QcCClegislation CH (ZertES)
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.1')))).toBe(false); // never QcCompliance: a demo
    expect(qc.includes(Buffer.from('TEST SYSTEM'))).toBe(true);
    // The test document's pages are full of text: the stamps went onto an appended page 3.
    const stamp = pdfText(pdf, 3);
    expect(stamp).toContain('Łukasz Żółć-Ελένη');
    expect(stamp).toContain('DEMO');
    const view = await t.request<TSignatureRequest>(
      'GET',
      `/api/v3/signature-requests/${request.id}`,
      {
        token: owner.token,
      },
    );
    const mine = view.body.signatures.find((x) => x.account_email === qualified.email);
    expect(mine).toMatchObject({
      status_code: 'SIGNED',
      signed_quality: 'DEMO',
    });
  });

  it('confirms on the mobile way (proceed), and the sealed document carries the Demo QTSP’s chain and revocation data', async () => {
    const owner = await signUp(t);
    const signer = await signUp(t);
    await identify(t, signer.token, { legislation: 'EIDAS', verified: NAME });
    const request = await requestFor(owner.token, [
      { email: signer.email, signature_level: 'AES', legislation: 'EIDAS' },
    ]);
    const asked = await t.request<{ details: { challenge: TTanChallenge } }>(
      'POST',
      '/api/v3/sign',
      {
        token: signer.token,
        body: [{ signatureRequestId: request.id }],
      },
    );
    expect(asked.status).toBe(428);
    const { challenge } = asked.body.details;
    const tan = await tanFromMail(signer.email);
    const stranger = await t.request('POST', `/api/v3/demo-qtsp/proceed/${challenge.id}`, {
      token: owner.token,
      body: { pwdotp: tan },
    });
    expect(stranger.status).toBe(404);
    const done = await t.request<{ ok: boolean; status_overall: string }[]>(
      'POST',
      `/api/v3/demo-qtsp/proceed/${challenge.id}`,
      { token: signer.token, body: { pwdotp: tan } },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body[0]).toMatchObject({ ok: true, status_overall: 'SIGNED' });

    const pdf = await download(owner.token, request.documents[0]?.id as string);
    // AES: the identified name, marked as test, without the QES statements.
    const qc = qcStatementsOf(dumpSignatureCms(pdf)[0] as string);
    expect(qc.includes(Buffer.from('TEST SYSTEM'))).toBe(true);
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.4')))).toBe(false);
    const verified = await t.request<TVerifyReport>('POST', '/api/v1/verify', {
      body: pdf,
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(verified.status).toBe(200);
    const own = verified.body.signatures[0];
    expect(own).toMatchObject({
      valid: true,
      chain: 'trusted',
      level: 'B-LTA',
      revocation: { status: 'good', source: 'embedded' },
    });
    expect(own?.certificates.map((c) => c.subject)).toEqual([
      'Łukasz Żółć-Ελένη',
      'Signet Demo QTSP CA',
      'Signet Root CA',
    ]);

    // The Demo QTSP's OCSP responder vouches for the certificate; openssl checks the answer.
    const ca = await platformCa(t.db, t.config);
    const dir = mkdtempSync(join(tmpdir(), 'signet-qtsp-'));
    try {
      const pem = (der: Uint8Array) =>
        `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
      writeFileSync(join(dir, 'root.pem'), pem(ca.rootCertificate));
      writeFileSync(join(dir, 'qtsp.pem'), pem(ca.demoQtsp.certificate));
      // The signer's certificate as the CMS carries it.
      writeFileSync(join(dir, 'doc.pdf'), pdf);
      spawnSync('pdfsig', ['-nocert', '-dump', 'doc.pdf'], { cwd: dir });
      const certs = spawnSync(
        'openssl',
        ['pkcs7', '-inform', 'DER', '-in', 'doc.pdf.sig0', '-print_certs', '-out', 'chain.pem'],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(certs.status, certs.stderr).toBe(0);
      spawnSync('sh', ['-c', "awk '/BEGIN/{n++} n==1' chain.pem > leaf.pem"], { cwd: dir });
      const req = spawnSync(
        'openssl',
        ['ocsp', '-issuer', 'qtsp.pem', '-cert', 'leaf.pem', '-reqout', 'req.der', '-no_nonce'],
        { cwd: dir },
      );
      expect(req.status).toBe(0);
      const res = await t.app.request(PKI_PATHS.ocsp, {
        method: 'POST',
        headers: { 'Content-Type': 'application/ocsp-request' },
        body: new Uint8Array(spawnSync('cat', ['req.der'], { cwd: dir }).stdout),
      });
      writeFileSync(join(dir, 'resp.der'), new Uint8Array(await res.arrayBuffer()));
      const checked = spawnSync(
        'openssl',
        [
          'ocsp',
          '-respin',
          'resp.der',
          '-CAfile',
          'root.pem',
          '-verify_other',
          'qtsp.pem',
          '-issuer',
          'qtsp.pem',
          '-cert',
          'leaf.pem',
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(`${checked.stdout}${checked.stderr}`).toContain('Response verify OK');
      expect(checked.stdout).toContain('leaf.pem: good');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
