import { PDF, type PdfArray, type PdfDict, type PdfObject } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCa, loadCa } from '../crypto/ca.ts';
import { listSignatures } from './inspect.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { type SignPdfOptions, signPdf } from './sign.ts';
import {
  dumpSignatureCms,
  pdfsig,
  pdfText,
  qpdfCheck,
  qpdfRewrite,
  requireTool,
  signedAttributeNames,
} from './test-tools.ts';

const SECRET = 'test-secret-for-the-signing-tests';
const OID = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

let ca: CertificateAuthority;
let original: Uint8Array;
/** versions[0] is the upload, versions[n] the file after the n-th signer. */
const versions: Uint8Array[] = [];
const signers = [
  { name: 'Anna Müller', field: { page: 0, x: 50, y: 600 } },
  { name: 'Bernard (Bob) Dupont', field: { page: 1, x: 250, y: 40, width: 200, height: 90 } },
  { name: 'Chloé Rossi', field: { page: 2, x: 50, y: 600 } },
] as const;

function options(
  name: string,
  field: SignPdfOptions['field'],
  signer = ca.platformSigner,
): SignPdfOptions {
  return {
    signer,
    signerName: name,
    reason: 'I agree to the content of this document',
    location: 'Zürich',
    signingTime: new Date('2025-03-04T10:20:30Z'),
    field,
    appearance: { lines: [name, 'Simple electronic signature', '2025-03-04 10:20:30 UTC'] },
  };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

beforeAll(async () => {
  requireTool('pdfsig');
  requireTool('qpdf');
  requireTool('openssl');
  ca = loadCa(createCa(SECRET), SECRET);
  original = await makeTestPdf({ pages: 3 });
  versions.push(original);
  for (const [index, s] of signers.entries()) {
    // The middle signer has a certificate of their own (as AES/QES will), the others the platform's.
    const signer =
      index === 1
        ? ca.demoQtsp.issue({
            subject: { commonName: s.name },
            qualified: true,
            policyUrl: 'https://signet.example/pki/demo-qtsp',
          }).signer
        : ca.platformSigner;
    versions.push(
      (await signPdf(versions.at(-1) as Uint8Array, options(s.name, s.field, signer))).bytes,
    );
  }
});

describe('signPdf: three signers in order', () => {
  it('pdfsig reports every signature valid and the last one covering the whole document', () => {
    const result = pdfsig(versions[3] as Uint8Array);
    expect(result.status, result.output).toBe(0);
    expect(result.signatures).toHaveLength(3);
    for (const signature of result.signatures) {
      expect(signature.valid, signature.text).toBe(true);
      expect(signature.subFilter).toBe('ETSI.CAdES.detached');
    }
    expect(result.signatures.map((s) => s.totalDocument)).toEqual([false, false, true]);
  });

  it('puts signing-certificate-v2 and no signing-time into every CMS (PAdES B-B)', () => {
    const printed = dumpSignatureCms(versions[3] as Uint8Array);
    expect(printed).toHaveLength(3);
    for (const cms of printed) {
      const attributes = signedAttributeNames(cms);
      expect(attributes).toContain(OID.signingCertificateV2);
      expect(attributes).not.toContain(OID.signingTime);
      expect([...attributes].sort()).toEqual(
        [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
      );
    }
  });

  it('passes qpdf --check after every signature', () => {
    for (const version of versions) {
      const check = qpdfCheck(version);
      expect(check.status, check.output).toBe(0);
    }
  });

  it('keeps the upload and every earlier version as a byte-identical prefix', () => {
    for (let n = 1; n < versions.length; n++) {
      const before = versions[n - 1] as Uint8Array;
      const after = versions[n] as Uint8Array;
      expect(after.length).toBeGreaterThan(before.length);
      expect(bytesEqual(after.subarray(0, before.length), before)).toBe(true);
    }
    expect(bytesEqual((versions[3] as Uint8Array).subarray(0, original.length), original)).toBe(
      true,
    );
  });

  it('writes /M, /Name, /Reason and /Location into the signature dictionaries', async () => {
    const signatures = await listSignatures(versions[3] as Uint8Array);
    expect(signatures.map((s) => s.signerName)).toEqual(signers.map((s) => s.name));
    for (const s of signatures) {
      expect(s.signingTime?.toISOString()).toBe('2025-03-04T10:20:30.000Z');
      expect(s.reason).toBe('I agree to the content of this document');
      expect(s.location).toBe('Zürich');
      expect(s.subFilter).toBe('ETSI.CAdES.detached');
    }
    expect(signatures.map((s) => s.coversWholeDocument)).toEqual([false, false, true]);
  });
});

describe('signPdf: tampering', () => {
  it('a flipped byte in the original content invalidates every signature', () => {
    const tampered = new Uint8Array(versions[3] as Uint8Array);
    // A byte inside the first page's (compressed) content stream of the upload.
    const at = Buffer.from(tampered).indexOf('stream\n') + 20;
    expect(at).toBeGreaterThan(20);
    expect(at).toBeLessThan(original.length);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const result = pdfsig(tampered);
    // poppler 22 exits 0 even on "Digest Mismatch", so the verdict is read per signature.
    expect(result.signatures).toHaveLength(3);
    expect(result.signatures.map((s) => s.valid)).toEqual([false, false, false]);
  });

  it('a flipped byte in the last update invalidates only the last signature', () => {
    const tampered = new Uint8Array(versions[3] as Uint8Array);
    // The last signature's /M (claimed signing time) lives only in the third update.
    const at = Buffer.from(tampered).indexOf('(D:2025', (versions[2] as Uint8Array).length) + 6;
    expect(at).toBeGreaterThan((versions[2] as Uint8Array).length);
    tampered[at] = '6'.charCodeAt(0);
    const result = pdfsig(tampered);
    expect(result.signatures.map((s) => s.valid)).toEqual([true, true, false]);
    expect(result.signatures[2]?.text).toMatch(/Digest Mismatch/);
  });
});

const rounded = (numbers: number[]) => numbers.map((n) => Math.round(n * 100) / 100);

type Widget = {
  page: number;
  rect: number[];
  bbox: number[] | undefined;
  appearance: string | undefined;
};

async function widgets(bytes: Uint8Array): Promise<Map<string, Widget>> {
  const doc = await PDF.load(bytes);
  const resolve = (o: PdfObject | undefined) =>
    o?.type === 'ref' ? (doc.context.resolve(o) ?? undefined) : o;
  const numbers = (o: PdfObject | undefined) =>
    (resolve(o) as PdfArray | undefined)
      ?.toArray()
      .map((n) =>
        resolve(n)?.type === 'number' ? (resolve(n) as { value: number }).value : Number.NaN,
      );
  const out = new Map<string, Widget>();
  const pages = doc.getPages();
  for (const field of doc.getForm()?.getSignatureFields() ?? []) {
    const dict = field.getDict();
    const pageIndex = pages.findIndex((p) => {
      const annots = resolve(p.dict.get('Annots')) as PdfArray | undefined;
      return annots?.toArray().some((a) => resolve(a) === dict) ?? false;
    });
    const ap = resolve(dict.get('AP')) as PdfDict | undefined;
    const normal = resolve(ap?.get('N')) as
      | (PdfDict & { getDecodedData(): Uint8Array })
      | undefined;
    out.set(String(field.name), {
      page: pageIndex,
      rect: numbers(dict.get('Rect')) ?? [],
      bbox: normal ? numbers(normal.get('BBox')) : undefined,
      appearance: normal ? new TextDecoder('latin1').decode(normal.getDecodedData()) : undefined,
    });
  }
  return out;
}

describe('signPdf: visual signature', () => {
  it('places each widget on its page with its size and an appearance naming the signer', async () => {
    const found = await widgets(versions[3] as Uint8Array);
    expect([...found.keys()]).toEqual(['Signature1', 'Signature2', 'Signature3']);
    const height = 841.89; // A4, as made by makeTestPdf
    const [a, b, c] = [found.get('Signature1'), found.get('Signature2'), found.get('Signature3')];
    expect(a?.page).toBe(0);
    expect(a?.rect).toEqual(rounded([50, height - 600 - 140, 350, height - 600]));
    expect(a?.bbox).toEqual([0, 0, 300, 140]);
    expect(a?.appearance).toMatch(/\/F2 [\d.]+ Tf/);
    // The names come back as written from the embedded font's ToUnicode map.
    expect(pdfText(versions[3] as Uint8Array, 1)).toContain('Anna Müller');
    expect(pdfText(versions[3] as Uint8Array, 2)).toContain('Bernard (Bob) Dupont');
    expect(pdfText(versions[3] as Uint8Array, 3)).toContain('Chloé Rossi');
    expect(b?.page).toBe(1);
    expect(b?.rect).toEqual(rounded([250, height - 40 - 90, 450, height - 40]));
    expect(b?.bbox).toEqual([0, 0, 200, 90]);
    expect(c?.page).toBe(2);
  });

  it('makes an invisible signature with a zero rectangle when there is no field', async () => {
    const signed = (await signPdf(original, options('Invisible Ivy', null))).bytes;
    const found = await widgets(signed);
    expect(found.get('Signature1')).toMatchObject({
      page: 0,
      rect: [0, 0, 0, 0],
      appearance: undefined,
    });
    expect(pdfsig(signed).status).toBe(0);
  });

  it('refuses a field outside the page or on a missing page with PDF_FIELD_OUTSIDE_PAGE', async () => {
    await expect(signPdf(original, options('X', { page: 0, x: 400, y: 10 }))).rejects.toMatchObject(
      {
        code: 'PDF_FIELD_OUTSIDE_PAGE',
        status: 422,
      },
    );
    await expect(signPdf(original, options('X', { page: 3, x: 10, y: 10 }))).rejects.toMatchObject({
      code: 'PDF_FIELD_OUTSIDE_PAGE',
    });
  });
});

describe('signPdf: other producers', () => {
  it.each([
    ['linearized', ['--linearize']],
    ['object streams and xref streams', ['--object-streams=generate']],
  ])('appends to a %s PDF and stays valid for two signers', async (_label, args) => {
    const source = qpdfRewrite(original, args);
    const once = (await signPdf(source, options('First', { page: 0, x: 20, y: 20 }))).bytes;
    const twice = (await signPdf(once, options('Second', { page: 0, x: 20, y: 200 }))).bytes;
    expect(bytesEqual(twice.subarray(0, source.length), source)).toBe(true);
    const result = pdfsig(twice);
    expect(result.status, result.output).toBe(0);
    expect(result.signatures.map((s) => [s.valid, s.totalDocument])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(qpdfCheck(twice).status).toBe(0);
  });

  it('an RSA platform key (a CA stored before issue #12) and the EC one sign the same file, both valid', async () => {
    const older = loadCa(createCa(SECRET, { platformKey: 'RSA' }), SECRET);
    expect([older.platformSigner.keyType, ca.platformSigner.keyType]).toEqual(['RSA', 'EC']);
    const once = (
      await signPdf(original, options('Older key', { page: 0, x: 20, y: 20 }, older.platformSigner))
    ).bytes;
    const twice = (await signPdf(once, options('Newer key', { page: 0, x: 20, y: 200 }))).bytes;
    const result = pdfsig(twice);
    expect(result.status, result.output).toBe(0);
    expect(result.signatures.map((s) => [s.valid, s.totalDocument])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('signs a 1 MB PDF ten times, every signature valid', async () => {
    const big = await makeTestPdf({ imageBytes: 1_000_000 });
    expect(big.length).toBeGreaterThan(1_000_000);
    let pdf = big;
    for (let n = 1; n <= 10; n++)
      pdf = (await signPdf(pdf, options(`Signer ${n}`, { page: 0, x: 20, y: 20 + n * 50 }))).bytes;
    expect(bytesEqual(pdf.subarray(0, big.length), big)).toBe(true);
    const result = pdfsig(pdf);
    expect(result.status, result.output).toBe(0);
    expect(result.signatures).toHaveLength(10);
    expect(result.signatures.every((s) => s.valid)).toBe(true);
  });
});
