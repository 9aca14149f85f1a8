import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from '../crypto/ca.ts';
import {
  buildCrl,
  buildOcspResponse,
  certId,
  certificateSerial,
  issuedBy,
} from '../crypto/revocation.ts';
import { builtinTsa } from '../crypto/tsa/timestamp-authority.ts';
import { sealDocument } from './ltv.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { signPdf } from './sign.ts';
import { mutoolVerify, pdfsig, qpdfCheck, requireTool } from './test-tools.ts';
import { analysePdf } from './verify/analyse.ts';

const SECRET = 'ltv-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
const tsa = builtinTsa(ca.tsaSigner);

const sign = (pdf: Uint8Array, name: string, slot: number, withTsa: boolean) =>
  signPdf(pdf, {
    signer: ca.platformSigner,
    ...(withTsa ? { tsa } : {}),
    signerName: name,
    signingTime: new Date(),
    field: { defaultSlot: slot },
    appearance: { lines: [name, 'Simple electronic signature (SES)', 'now', 'a.b@example.ch'] },
  });

describe('lasting evidence on a document signed before it existed', () => {
  it('a B-B signature (as signed by earlier versions), then a B-T one, then the seal: all stay valid', async () => {
    requireTool('pdfsig');
    requireTool('qpdf');
    requireTool('mutool');
    const original = await makeTestPdf({ pages: 2 });
    const old = (await sign(original, 'Before', 0, false)).bytes;
    const now = (await sign(old, 'After', 1, true)).bytes;
    const now2 = new Date();
    const crl = await buildCrl(ca.rootSigner, [], {
      thisUpdate: now2,
      nextUpdate: new Date(now2.getTime() + 864e5),
      number: 1n,
    });
    const sealed = await sealDocument(
      now,
      async (certificates) => ({
        certificates: [...certificates, ca.rootCertificate],
        ocspResponses: await Promise.all(
          certificates
            .filter(
              (c) =>
                issuedBy(c, ca.rootCertificate) &&
                !Buffer.from(c).equals(Buffer.from(ca.rootCertificate)),
            )
            .map((c) =>
              buildOcspResponse(
                ca.ocspSigner,
                [
                  {
                    certId: certId(certificateSerial(c), ca.rootCertificate),
                    status: { status: 'good' },
                  },
                ],
                now2,
              ),
            ),
        ),
        crls: [crl],
      }),
      tsa,
    );
    // Every revision is appended: the earlier files are byte-identical prefixes.
    expect(Buffer.from(sealed.bytes.subarray(0, old.length)).equals(Buffer.from(old))).toBe(true);
    const verdict = pdfsig(sealed.bytes);
    expect(verdict.signatures.slice(0, 2).map((s) => s.valid)).toEqual([true, true]);
    expect(verdict.signatures.map((s) => s.totalDocument)).toEqual([false, false, true]);
    expect(qpdfCheck(sealed.bytes).status).toBe(0);
    expect(mutoolVerify(sealed.bytes).output.match(/The signature is valid/g)).toHaveLength(2);
    const report = await analysePdf(sealed.bytes, { trustedRoots: [ca.rootCertificate] });
    expect(report.intact).toBe(true);
    // The old signature has no time stamp of its own; the document time stamp gives it one.
    expect(report.signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA', null]);
    expect(report.signatures[0]?.timestamp).toBeNull();
    expect(report.signatures[1]?.timestamp?.valid).toBe(true);
  });

  it('a signature reserves what its CMS needs: the B-B part, stamp fonts included, adds at most 16 KB', async () => {
    // A lean page, as producers write them (makeTestPdf's pages carry one font entry per line of
    // text, and a signature rewrites the page dictionary it adds its widget to).
    const doc = PDF.create();
    doc
      .addPage({ width: 595.28, height: 841.89 })
      .drawText('Rahmenvertrag', { x: 72, y: 760, size: 14 });
    const pdf = await doc.save();
    const bb = (await sign(pdf, 'Zuzanna Łukasiewicz', 0, false)).bytes;
    // ≈ 7 KB of CMS and fields, ≈ 7 KB of Noto Sans subsets (regular and bold, with their
    // ToUnicode maps) that print every name as written.
    expect(bb.length - pdf.length).toBeLessThanOrEqual(16 * 1024);
    // Ten more on the same file: each one the same size, give or take its name's digits.
    let file = bb;
    const growth: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const next = (await sign(file, `Signer ${i}`, i, false)).bytes;
      growth.push(next.length - file.length);
      file = next;
    }
    expect(Math.max(...growth)).toBeLessThanOrEqual(16 * 1024);
    expect(pdfsig(file).signatures.every((s) => s.valid)).toBe(true);
  });
});
