import { spawnSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Signer as LibpdfSigner, PDF } from '@libpdf/core';
import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import { VERIFY_LIMITS } from '@signet/shared/verify/verify.constants';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import { rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySigner } from '../../crypto/signer.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { pdfsig, qpdfEncrypt, requireTool } from '../../pdf/test-tools.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { newSignatureRequest, signBatch } from '../signing/testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;
let complete: Uint8Array;
let halfway: Uint8Array;

async function verify(
  bytes: Uint8Array,
  headers: Record<string, string> = { 'Content-Type': 'application/pdf', 'X-Forwarded-For': '' },
): Promise<{ status: number; body: TVerifyReport & { code?: string; message?: string } }> {
  const res = await t.app.request('/api/v1/verify', {
    method: 'POST',
    headers,
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: (await res.json()) as never };
}

async function download(token: string, id: string): Promise<Uint8Array> {
  const res = await t.app.request(`/api/v3/documents/${id}/download`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return new Uint8Array(await res.arrayBuffer());
}

/** Our verdicts agree with poppler's: each signature's validity, and which covers the whole file. */
function expectAgreement(bytes: Uint8Array, report: TVerifyReport) {
  const poppler = pdfsig(bytes).signatures;
  expect(poppler).toHaveLength(report.signatures.length);
  report.signatures.forEach((ours, i) => {
    const theirs = poppler[i];
    expect(theirs?.totalDocument, `signature ${i + 1}: total document`).toBe(
      ours.covers_whole_document,
    );
    // poppler 22 does not check RFC 3161 document time stamps (openssl does, in signing.test.ts).
    if (ours.kind === 'signature')
      expect(theirs?.valid, `signature ${i + 1}: valid`).toBe(ours.valid);
  });
}

beforeAll(async () => {
  requireTool('pdfsig');
  requireTool('qpdf');
  t = await createDocumentsTestApp();
  const owner = await signUp(t, { firstName: 'Olivia' });
  const anna = await signUp(t, { firstName: 'Anna' });
  const björn = await signUp(t, { firstName: 'Björn' });
  const doc: TDocument = await uploadPdf(
    t,
    owner.token,
    await makeTestPdf({ pages: 2 }),
    'Vertrag',
  );
  const request = await newSignatureRequest(t, owner.token, doc, [
    { email: anna.email, order: 1 },
    { email: björn.email, order: 2 },
  ]);
  await signBatch(t, anna.token, [{ signatureRequestId: request.id, signingName: 'Anna Meier' }]);
  halfway = await download(owner.token, doc.id);
  await signBatch(t, björn.token, [{ signatureRequestId: request.id, signingName: 'Björn Meier' }]);
  complete = await download(owner.token, doc.id);
});
afterAll(() => t.cleanup());

describe('POST /api/v1/verify (no account)', () => {
  it('a completed Signet document: every signature valid, time-stamped, B-LTA, chain to our root, revocation good', async () => {
    const { status, body } = await verify(complete);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.signatures.map((s) => s.kind)).toEqual([
      'signature',
      'signature',
      'document-timestamp',
    ]);
    for (const s of body.signatures.slice(0, 2)) {
      expect(s).toMatchObject({
        valid: true,
        digest_valid: true,
        signature_valid: true,
        digest_algorithm: 'SHA-256',
        chain: 'trusted',
        signer: 'Signet Platform Signing',
        level: 'B-LTA',
        revocation: { status: 'good', source: 'embedded' },
        changes_after: 'signatures-only',
        covers_whole_document: false,
      });
      expect(s.timestamp?.valid).toBe(true);
      expect(s.timestamp?.authority).toBe('Signet Time-Stamping Authority');
      expect(s.certificates.map((c) => c.subject)).toEqual([
        'Signet Platform Signing',
        'Signet Root CA',
      ]);
    }
    expect(body.signatures.map((s) => s.claimed_name)).toEqual(['Anna Meier', 'Björn Meier', null]);
    expect(body.signatures[2]).toMatchObject({
      valid: true,
      covers_whole_document: true,
      chain: 'trusted',
    });
    expect(body.intact).toBe(true);
    expectAgreement(complete, body);
  });

  it('halfway: B-T, revocation asked of our own CA, the document unchanged after the signature', async () => {
    const { body } = await verify(halfway);
    expect(body.signatures).toHaveLength(1);
    expect(body.signatures[0]).toMatchObject({
      valid: true,
      level: 'B-T',
      revocation: { status: 'good', source: 'signet' },
      changes_after: 'none',
      covers_whole_document: true,
    });
    expectAgreement(halfway, body);
  });

  it('a flipped byte anywhere is reported, and where pdfsig can tell, it agrees', async () => {
    const { body: good } = await verify(complete);
    const [first, second, stamp] = good.signatures.map((s) => s.byte_range) as number[][];
    const text = Buffer.from(complete).toString('latin1');
    const cases: { name: string; at: number; invalid: boolean[] }[] = [
      // The original content: every signature and the document time stamp cover it.
      { name: 'original content', at: 100, invalid: [true, true, true] },
      // The second signer's appearance (in their update): not covered by the first signature.
      {
        name: "second signer's appearance",
        at: text.indexOf(
          'Björn'.normalize('NFC').slice(0, 3),
          (first?.[2] ?? 0) + (first?.[3] ?? 0),
        ),
        invalid: [false, true, true],
      },
      // The DSS (after the last signature): only the document time stamp covers it.
      {
        name: 'validation data',
        at: text.lastIndexOf('/Type /DSS') + 2,
        invalid: [false, false, true],
      },
    ];
    for (const c of cases) {
      expect(c.at, c.name).toBeGreaterThan(0);
      const tampered = new Uint8Array(complete);
      tampered[c.at] = (tampered[c.at] as number) ^ 0x01;
      const { status, body } = await verify(tampered);
      expect(status, c.name).toBe(200);
      expect(
        body.signatures.map((s) => !s.valid),
        c.name,
      ).toEqual(c.invalid);
      expect(body.intact, c.name).toBe(false);
      expectAgreement(tampered, body);
    }
    // Inside a signature's own CMS (certificates, signature value, time-stamp token): whatever
    // the byte, the report says something is wrong with that signature.
    for (const range of [second, stamp]) {
      const [, a = 0, b = 0] = range ?? [];
      for (const at of [a + 60, Math.floor((a + b) / 2), a + 1200]) {
        const tampered = new Uint8Array(complete);
        tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
        const { status, body } = await verify(tampered);
        expect(status).toBe(200);
        expect(body.intact, `byte ${at}`).toBe(false);
      }
    }
  });

  it('content added after the signatures: they stay valid, but the file changed after them', async () => {
    const doc = await PDF.load(complete);
    doc
      .getPage(0)
      ?.drawText('PAID IN FULL', { x: 50, y: 50, size: 30, color: rgb(1, 0, 0) } as never);
    const edited = await doc.save({ incremental: true });
    const { body } = await verify(edited);
    expect(body.signatures.every((s) => s.valid)).toBe(true);
    expect(body.signatures.every((s) => s.changes_after === 'other')).toBe(true);
    expect(body.intact).toBe(false);
    expectAgreement(edited, body);
  });

  it('a foreign PDF (another signing library, a self-signed certificate): valid, untrusted chain, not PAdES', async () => {
    requireTool('openssl');
    const dir = mkdtempSync(join(tmpdir(), 'signet-foreign-'));
    try {
      const made = spawnSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          'key.pem',
          '-out',
          'cert.der',
          '-outform',
          'DER',
          '-days',
          '30',
          '-subj',
          '/CN=Foreign Signer/O=Elsewhere',
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(made.status, made.stderr).toBe(0);
      const cert = new Uint8Array(readFileSync(join(dir, 'cert.der')));
      const ours = keySigner(createPrivateKey(readFileSync(join(dir, 'key.pem'))), [cert]);
      const signer: LibpdfSigner = {
        certificate: cert,
        keyType: 'RSA',
        signatureAlgorithm: 'RSASSA-PKCS1-v1_5',
        sign: (data) => ours.sign(data),
      };
      const doc = await PDF.load(await makeTestPdf({ pages: 1 }));
      const { bytes } = await doc.sign({
        signer,
        subFilter: 'adbe.pkcs7.detached',
        reason: 'Foreign',
      });
      const { body } = await verify(bytes);
      expect(body.signatures).toHaveLength(1);
      expect(body.signatures[0]).toMatchObject({
        valid: true,
        chain: 'untrusted',
        signer: 'Foreign Signer',
        level: null,
        sub_filter: 'adbe.pkcs7.detached',
        covers_whole_document: true,
      });
      expectAgreement(bytes, body);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unsigned PDF: no signatures, not intact; multipart works too', async () => {
    const form = new FormData();
    form.set('file', new File([(await makeTestPdf()) as Uint8Array<ArrayBuffer>], 'plain.pdf'));
    const res = await t.app.request('/api/v1/verify', { method: 'POST', body: form });
    const body = (await res.json()) as TVerifyReport;
    expect(res.status).toBe(200);
    expect(body.signatures).toEqual([]);
    expect(body.intact).toBe(false);
  });

  it('refuses what is not a readable PDF with a code and no parser message', async () => {
    const notPdf = await verify(new TextEncoder().encode('hello, world'));
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.code).toBe('NOT_A_PDF');
    const encrypted = await verify(qpdfEncrypt(await makeTestPdf(), 'secret'));
    expect(encrypted.status).toBe(422);
    expect(encrypted.body.code).toBe('PDF_ENCRYPTED');
    const broken = await verify(new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog'));
    expect(broken.status).toBe(422);
    expect(['PDF_UNREADABLE', 'PDF_NO_PAGES']).toContain(broken.body.code);
    for (const r of [encrypted, broken])
      expect(JSON.stringify(r.body)).not.toMatch(/at |Error|stack/);
    const wrongType = await verify(complete, { 'Content-Type': 'text/plain' });
    expect(wrongType.status).toBe(415);
  });

  it(`counts calls per client: the ${VERIFY_LIMITS.perIp + 1}th in the window is 429 with Retry-After`, async () => {
    const other = await createDocumentsTestApp();
    try {
      const small = new TextEncoder().encode('not a pdf');
      let last: Response | undefined;
      for (let i = 0; i <= VERIFY_LIMITS.perIp; i++) {
        last = await other.app.request('/api/v1/verify', {
          method: 'POST',
          headers: { 'Content-Type': 'application/pdf' },
          body: small,
        });
      }
      expect(last?.status).toBe(429);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await other.cleanup();
    }
  });
});
