import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF, type PdfArray, type PdfDict } from '@libpdf/core';
import type { TReport } from '@signet/shared/document/document.schema';
import { langFromCode } from '@signet/shared/i18n/lang.rules';
import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerInfoParts } from '../../crypto/der-walk.ts';
import { readTimestampToken } from '../../crypto/tsa/timestamp-token.ts';
import { listSignatures } from '../../pdf/inspect.ts';
import { signatureContents } from '../../pdf/ltv.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { evidenceText } from '../../pdf/protocol/evidence-text.ts';
import {
  dumpSignatureCms,
  mutoolVerify,
  opensslTsVerify,
  pdfsig,
  pdfText,
  qpdfCheck,
  requireTool,
} from '../../pdf/test-tools.ts';
import { platformCa } from '../../services/pki/platform-ca.ts';
import { protocolResponse } from '../../testing/protocol.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { newSignatureRequest as newRequest, signBatch as sign } from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;

const OID = {
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
};

let t: App;

beforeAll(async () => {
  requireTool('pdfsig');
  requireTool('qpdf');
  t = await createDocumentsTestApp();
});
afterAll(() => t.cleanup());

async function download(token: string, id: string, signed = true): Promise<Uint8Array> {
  const res = await t.app.request(`/api/v3/documents/${id}/download?signed=${signed}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('three signers in order, through the API', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let people: Awaited<ReturnType<typeof signUp>>[];
  let observer: string;
  let doc: TDocument;
  let request: TSignatureRequest;
  let original: Uint8Array;
  let signed: Uint8Array;

  beforeAll(async () => {
    owner = await signUp(t, { firstName: 'Olivia' });
    people = [
      await signUp(t, { firstName: 'Anna' }),
      await signUp(t, { firstName: 'Bruno' }),
      await signUp(t, { firstName: 'Chloé' }),
    ];
    observer = uniqueEmail('observer');
    original = await makeTestPdf({ pages: 3 });
    doc = await uploadPdf(t, owner.token, original, 'Service agreement');
    request = await newRequest(
      t,
      owner.token,
      doc,
      people.map((p, i) => ({ email: p.email, order: i + 1 })),
      [observer],
    );
  });

  it('refuses the third signer before their turn, and strangers', async () => {
    const early = await sign(t, people[2]?.token as string, [{ signatureRequestId: request.id }]);
    expect(early.status).toBe(409);
    expect(early[0]).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    const stranger = (await signUp(t)).token;
    const refused = await sign(t, stranger, [{ signatureRequestId: request.id }]);
    expect(refused.status).toBe(404);
    expect(refused[0]).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    // In a batch with a request that can be signed, the refusal is that entry's result only.
    const otherDoc = await uploadPdf(t, owner.token, await makeTestPdf(), 'Side letter');
    const other = await newRequest(t, owner.token, otherDoc, [
      { email: people[2]?.email as string, order: 1 },
    ]);
    const mixed = await sign(t, people[2]?.token as string, [
      { signatureRequestId: request.id },
      { signatureRequestId: other.id },
    ]);
    expect(mixed.status).toBeUndefined();
    expect(mixed).toMatchObject([
      { signatureRequestId: request.id, ok: false, code: 'NOT_YOUR_TURN' },
      { signatureRequestId: other.id, ok: true, status_overall: 'SIGNED' },
    ]);
    expect(
      (await t.request<TDocument>('GET', `/api/v3/documents/${doc.id}`, { token: owner.token }))
        .body.signed_sha256,
    ).toBeNull();
  });

  it('signs in order; the last signature completes the request', async () => {
    const placements = [
      [{ document_id: doc.id, page: 1, x: 50, y: 650 }],
      [{ document_id: doc.id, page: 2, x: 250, y: 40, width: 200, height: 90 }],
      undefined, // the default place: bottom-right of the last page
    ];
    for (const [i, p] of people.entries()) {
      const result = await sign(t, p.token, [
        {
          signatureRequestId: request.id,
          signingName: `${p.user.firstName} Meier`,
          signingReason: 'I agree',
          ...(placements[i] ? { documentSignatures: placements[i] } : {}),
        },
      ]);
      expect(result[0], JSON.stringify(result)).toMatchObject({
        ok: true,
        status_overall: i === 2 ? 'SIGNED' : 'OPEN',
      });
    }
    const got = await t.request<TSignatureRequest>(
      'GET',
      `/api/v3/signature-requests/${request.id}`,
      { token: owner.token },
    );
    expect(got.body.status_overall).toBe('SIGNED');
    expect(got.body.completed_at).not.toBeNull();
    expect(got.body.signatures.every((s) => s.status_code === 'SIGNED')).toBe(true);
    signed = await download(owner.token, doc.id);
  });

  it('pdfsig: three valid PAdES signatures, then a document time stamp over the total document', () => {
    const verdict = pdfsig(signed);
    expect(verdict.signatures).toHaveLength(4);
    for (const s of verdict.signatures.slice(0, 3)) {
      expect(s.valid, s.text).toBe(true);
      expect(s.subFilter).toBe('ETSI.CAdES.detached');
      expect(s.text).toMatch(/Signing Time: \w+ \d+ \d{4}/);
    }
    expect(verdict.signatures.map((s) => s.totalDocument)).toEqual([false, false, false, true]);
    // poppler 22 lists the document time stamp but does not check RFC 3161 tokens: openssl does.
    expect(verdict.signatures[3]?.text).toContain('DocumentTimeStamp');
    const mutool = mutoolVerify(signed);
    expect(mutool.output.match(/The signature is valid/g) ?? [], mutool.output).toHaveLength(3);
    expect(mutool.output).not.toMatch(/signature is invalid|Digest mismatch/i);
  });

  it('each CMS has signing-certificate-v2, no signing-time and a signature time stamp; qpdf --check passes', () => {
    const cms = dumpSignatureCms(signed);
    expect(cms).toHaveLength(4);
    for (const printed of cms.slice(0, 3)) {
      expect(printed).toContain(OID.signingCertificateV2);
      expect(printed).not.toContain(OID.signingTime);
      expect(printed).not.toMatch(/signingTime/);
      expect(printed).toMatch(/timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14/);
    }
    expect(qpdfCheck(signed).status).toBe(0);
  });

  it('openssl ts -verify accepts every signature time stamp and the document time stamp (built-in TSA)', async () => {
    requireTool('openssl');
    const ca = await platformCa(t.db, t.config);
    const doc = await PDF.load(signed);
    const contents = signatureContents(doc);
    expect(contents).toHaveLength(4);
    for (const cms of contents.slice(0, 3)) {
      const { signatureValue, timestampTokens } = signerInfoParts(cms);
      expect(timestampTokens).toHaveLength(1);
      const token = timestampTokens[0] as Uint8Array;
      const digest = createHash('sha256').update(signatureValue).digest('hex');
      const verified = opensslTsVerify(token, digest, ca.rootCertificate);
      expect(verified.status, verified.output).toBe(0);
      expect(
        readTimestampToken(token).signer?.subject.typesAndValues.at(-1)?.value.valueBlock.value,
      ).toBe('Signet Time-Stamping Authority');
    }
    // The document time stamp: its token is the whole /Contents, over the SHA-256 of its range.
    const last = (await listSignatures(signed)).at(-1);
    const [a, b, c, d] = last?.byteRange ?? [0, 0, 0, 0];
    const digest = createHash('sha256')
      .update(signed.subarray(a, a + b))
      .update(signed.subarray(c, c + d))
      .digest('hex');
    const token = contents[3] as Uint8Array;
    const end = (token[1] as number) & 0x80 ? 2 + ((token[1] as number) & 0x7f) : 2;
    const length = [...token.subarray(2, end)].reduce((n, byte) => n * 256 + byte, 0);
    const verified = opensslTsVerify(token.subarray(0, end + length), digest, ca.rootCertificate);
    expect(verified.status, verified.output).toBe(0);
    expect(
      opensslTsVerify(token.subarray(0, end + length), '00'.repeat(32), ca.rootCertificate).status,
    ).not.toBe(0);
  });

  it('the final document has a DSS with the chain, OCSP responses and the CRL (B-LT), under the document time stamp (B-LTA)', async () => {
    const doc = await PDF.load(signed);
    const dss = doc.context.resolve(doc.getCatalog().get('DSS') as never) as PdfDict;
    const count = (key: string) => (dss.get(key) as PdfArray | undefined)?.toArray().length ?? 0;
    // Root, platform, TSA and OCSP responder certificates; one OCSP response for the platform
    // and one for the TSA certificate; the root's CRL.
    expect(count('Certs')).toBe(4);
    expect(count('OCSPs')).toBe(2);
    expect(count('CRLs')).toBe(1);
    // The DSS came after the last signature and before the document time stamp.
    const sigs = await listSignatures(signed);
    const dssAt = Buffer.from(signed).lastIndexOf('/Type /DSS');
    const lastSignatureEnd = (sigs[2]?.byteRange[2] ?? 0) + (sigs[2]?.byteRange[3] ?? 0);
    expect(dssAt).toBeGreaterThan(lastSignatureEnd);
    expect(dssAt).toBeLessThan(sigs[3]?.byteRange[1] ?? 0);
  });

  it('the upload is a byte-identical prefix; the signers are named in /Name', async () => {
    expect(Buffer.from(signed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(
      true,
    );
    expect(new Uint8Array(await download(owner.token, doc.id, false))).toEqual(original);
    const sigs = await listSignatures(signed);
    expect(sigs.map((s) => s.signerName)).toEqual([
      'Anna Meier',
      'Bruno Meier',
      'Chloé Meier',
      undefined,
    ]);
  });

  it('one byte flipped inside a signed range: pdfsig reports that signature invalid', () => {
    const tampered = new Uint8Array(signed);
    // Inside the original content (covered by every signature's first range).
    const at = Math.floor(original.length / 2);
    tampered[at] = (tampered[at] as number) ^ 0x01;
    const verdict = pdfsig(tampered);
    expect(verdict.signatures).toHaveLength(4);
    expect(verdict.signatures.slice(0, 3).every((s) => !s.valid)).toBe(true);
  });

  it('everyone gets the completion mail: owner, signers, observer', async () => {
    for (const to of [owner.email, ...people.map((p) => p.email), observer]) {
      const mails = await t.mailbox.all(to);
      expect(
        mails.some(
          (m) =>
            m.template === 'request-completed' &&
            m.status === 'delivered' &&
            (m.subject ?? '').includes('Service agreement'),
        ),
        to,
      ).toBe(true);
    }
  });

  it('the protocol lists the log and is signed by the platform (pdf, json, html)', async () => {
    const json = await t.request<TReport>(
      'GET',
      `/api/v3/signature-requests/${request.id}/report?type=json`,
      { token: people[1]?.token as string },
    );
    expect(json.status).toBe(200);
    const types = json.body.events.map((e) => (e as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(['created', 'initiated', 'signed', 'completed']));
    expect(types.filter((x) => x === 'signed')).toHaveLength(3);
    expect(json.body.integrity.ok).toBe(true);
    expect(json.body.documents[0]?.signed_sha256).toBe(
      (await t.request<TDocument>('GET', `/api/v3/documents/${doc.id}`, { token: owner.token }))
        .body.signed_sha256,
    );

    const res = await protocolResponse(t.app, request.id, owner.token);
    expect(res.status).toBe(200);
    // Named after the request's title (the spec's '{id}_protocol.pdf' only without one).
    expect(res.headers.get('content-disposition')).toContain(
      `filename="${request.title}_protocol.pdf"`,
    );
    const protocol = new Uint8Array(await res.arrayBuffer());
    const verdict = pdfsig(protocol);
    // The platform's signature, then the document time stamp of its B-LTA seal.
    expect(verdict.signatures).toHaveLength(2);
    expect(verdict.signatures[0]?.valid).toBe(true);
    expect(verdict.signatures[1]?.totalDocument).toBe(true);
    const text = pdfText(protocol);
    for (const p of people) expect(text).toContain(p.email);
    // In the request's language: its owner's.
    // In the request's language: its owner's (signUp registers in German).
    const words = evidenceText(langFromCode('de'));
    expect(text.replace(/\s+/g, ' ')).toContain(words.t('event.completed'));
    // The stored protocol was built at completion: it ends with the 'completed' entry.
    const completed = json.body.events.find(
      (e) => (e as { type: string }).type === 'completed',
    ) as { hash: string };
    expect(text.replace(/\s+/g, '')).toContain(completed.hash);

    const html = await t.app.request(`/api/v3/signature-requests/${request.id}/report?type=html`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(html.headers.get('content-type')).toContain('text/html');
    const page = await html.text();
    expect(page).toContain(words.t('protocol.evidenceLog'));
    expect(page).toContain('Chlo');
  });

  it('zip: the signed document and the protocol', async () => {
    const res = await t.app.request(`/api/v3/signature-requests/${request.id}/zip`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const dir = mkdtempSync(join(tmpdir(), 'signet-zip-'));
    try {
      writeFileSync(join(dir, 'a.zip'), new Uint8Array(await res.arrayBuffer()));
      const list = spawnSync('unzip', ['-Z1', 'a.zip'], { cwd: dir, encoding: 'utf8' });
      expect(list.stdout.trim().split('\n').sort()).toEqual(
        ['Service agreement.pdf', `${request.title}_protocol.pdf`].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const stranger = (await signUp(t)).token;
    expect(
      (await t.request('GET', `/api/v3/signature-requests/${request.id}/zip`, { token: stranger }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request('GET', `/api/v3/signature-requests/${request.id}/report`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
  });

  it('a signed request is final: signing again is refused, its document cannot be deleted', async () => {
    const again = await sign(t, people[0]?.token as string, [{ signatureRequestId: request.id }]);
    expect(again[0]).toMatchObject({ ok: false, code: 'REQUEST_NOT_OPEN' });
    const del = await t.request<{ code: string }>('DELETE', `/api/v3/documents/${doc.id}`, {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('DOCUMENT_IN_USE');
  });
});

describe('attachments', () => {
  it('owner uploads, participants read, strangers get 404, owner deletes', async () => {
    const owner = await signUp(t);
    const signer = await signUp(t);
    const doc = await uploadPdf(t, owner.token, await makeTestPdf());
    const req = await newRequest(t, owner.token, doc, [{ email: signer.email, order: 1 }]);
    const png = Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      Buffer.alloc(64, 1),
    ]);
    const form = new FormData();
    form.set('file', new File([png], 'Plan.png', { type: 'image/png' }));
    const up = await t.app.request(`/api/v3/signature-requests/${req.id}/attachments`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    const att = (await up.json()) as { id: string; n: number; name: string; content_type: string };
    expect(up.status, JSON.stringify(att)).toBe(201);
    expect(att).toMatchObject({ n: 1, name: 'Plan.png', content_type: 'image/png' });

    const bad = await t.request<{ code: string }>(
      'POST',
      `/api/v3/signature-requests/${req.id}/attachments`,
      {
        token: owner.token,
        body: { name: 'run.exe', content: Buffer.from('MZ...').toString('base64') },
      },
    );
    expect(bad.status).toBe(415);
    const fake = await t.request<{ code: string }>(
      'POST',
      `/api/v3/signature-requests/${req.id}/attachments`,
      {
        token: owner.token,
        body: { name: 'photo.jpg', content: Buffer.from('not a jpeg').toString('base64') },
      },
    );
    expect(fake.status).toBe(415);
    const bySigner = await t.request('POST', `/api/v3/signature-requests/${req.id}/attachments`, {
      token: signer.token,
      body: { name: 'x.png', content: png.toString('base64') },
    });
    expect(bySigner.status).toBe(403);

    const list = await t.request<{ items: unknown[] }>(
      'GET',
      `/api/v3/signature-requests/${req.id}/attachments`,
      { token: signer.token },
    );
    expect(list.body.items).toHaveLength(1);
    const one = await t.request(
      'GET',
      `/api/v3/signature-requests/${req.id}/attachments/${att.id}`,
      { token: signer.token },
    );
    expect(one.status).toBe(200);
    const content = await t.app.request(
      `/api/v3/signature-requests/${req.id}/attachments/${att.id}/content`,
      {
        headers: { Authorization: `Bearer ${signer.token}` },
      },
    );
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('content-disposition')).toContain('filename="Plan.png"');
    expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);

    const stranger = (await signUp(t)).token;
    expect(
      (
        await t.request('GET', `/api/v3/signature-requests/${req.id}/attachments/${att.id}`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('DELETE', `/api/v3/signature-requests/${req.id}/attachments/${att.id}`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('DELETE', `/api/v3/signature-requests/${req.id}/attachments/${att.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('GET', `/api/v3/signature-requests/${req.id}/attachments/${att.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(404);
  });
});

/**
 * Rounds of the race below: on PostgreSQL the two calls really run side by side (a pool of
 * connections); PGlite has one connection, so its rounds only interleave the JavaScript around
 * the transactions and fewer of them find what they can find.
 */
const RACE_ROUNDS = process.env.TEST_DATABASE_URL ? 50 : 15;

describe('two signers of one request signing at the same moment', () => {
  it(`${RACE_ROUNDS} times: both signatures present and valid every time`, async () => {
    const owner = await signUp(t);
    const a = await signUp(t);
    const b = await signUp(t);
    const pdf = await makeTestPdf({ pages: 1 });
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const doc = await uploadPdf(t, owner.token, pdf, `Round ${round}`);
      const req = await newRequest(t, owner.token, doc, [
        { email: a.email, order: 1 },
        { email: b.email, order: 1 },
      ]);
      const [ra, rb] = await Promise.all([
        sign(t, a.token, [{ signatureRequestId: req.id, signingName: 'A' }]),
        sign(t, b.token, [{ signatureRequestId: req.id, signingName: 'B' }]),
      ]);
      expect([ra[0]?.ok, rb[0]?.ok], JSON.stringify([ra, rb])).toEqual([true, true]);
      expect([ra[0]?.status_overall, rb[0]?.status_overall].sort()).toEqual(['OPEN', 'SIGNED']);
      const signed = await download(owner.token, doc.id);
      const verdict = pdfsig(signed);
      expect(
        verdict.signatures.slice(0, 2).map((s) => s.valid),
        `round ${round}`,
      ).toEqual([true, true]);
      expect(verdict.signatures[2]?.totalDocument).toBe(true);
      expect(
        (await listSignatures(signed)).flatMap((s) => (s.signerName ? [s.signerName] : [])).sort(),
      ).toEqual(['A', 'B']);
    }
  }, 300_000);
});

describe('TSA_URL set and the time-stamping authority down', () => {
  it('answers 503 TSA_UNAVAILABLE with Retry-After, and nothing is signed', async () => {
    // A TSA in maintenance: it answers every request with 503.
    const tsa = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => tsa.listen(0, '127.0.0.1', () => resolve()));
    const port = (tsa.address() as AddressInfo).port;
    const down = await createDocumentsTestApp({ TSA_URL: `http://127.0.0.1:${port}/tsa` });
    try {
      const owner = await signUp(down);
      const signer = await signUp(down);
      const doc = await uploadPdf(down, owner.token, await makeTestPdf(), 'Offline');
      const req = await newRequest(down, owner.token, doc, [{ email: signer.email, order: 1 }]);
      const res = await down.request<{ code: string }>('POST', '/api/v3/sign', {
        token: signer.token,
        body: [{ signatureRequestId: req.id }],
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('TSA_UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const after = await down.request<TDocument>('GET', `/api/v3/documents/${doc.id}`, {
        token: owner.token,
      });
      expect(after.body.signed_sha256).toBeNull();
      const status = await down.request<TSignatureRequest>(
        'GET',
        `/api/v3/signature-requests/${req.id}`,
        { token: owner.token },
      );
      expect(status.body.signatures[0]?.status_code).toBe('OPEN');
    } finally {
      await down.cleanup();
      await new Promise<void>((resolve) => tsa.close(() => resolve()));
    }
  });
});
