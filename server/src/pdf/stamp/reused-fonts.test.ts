import { beforeAll, describe, expect, it } from 'vitest';
import { createCa, loadCa } from '../../crypto/ca.ts';
import { builtinTsa } from '../../crypto/tsa/timestamp-authority.ts';
import { loadPdf } from '../inspect.ts';
import { makeTestPdf } from '../make-test-pdf.ts';
import { signPdf } from '../sign.ts';
import { mutoolVerify, pdfsig, pdfText, renderPage, requireTool } from '../test-tools.ts';
import { trailerSizeAt } from '../trailer.ts';
import { texPdf } from '../world-pdfs.ts';
import type { FontWeight } from './fonts.ts';
import { reusableFonts } from './reused-fonts.ts';

const SECRET = 'reused-fonts-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
const AT = new Date('2026-03-04T10:20:30Z');

const NAMES = ['Zuzanna Łukasiewicz', 'Jürgen Müller-Lüdenscheidt', 'Ελένη Παπαδοπούλου'];

type Options = {
  uploadLength?: number;
  plan?: Partial<Record<FontWeight, string>>;
  tsa?: boolean;
};

const sign = async (pdf: Uint8Array, name: string, slot: number, o: Options = {}) =>
  (
    await signPdf(pdf, {
      signer: ca.platformSigner,
      ...(o.tsa ? { tsa: builtinTsa(ca.tsaSigner) } : {}),
      signerName: name,
      signingTime: AT,
      field: { defaultSlot: slot },
      appearance: {
        lines: [name, 'Einfache elektronische Signatur (SES)', '4. März 2026, 10:20 UTC', 'a@b.ch'],
      },
      ...(o.uploadLength ? { uploadLength: o.uploadLength } : {}),
      ...(o.plan ? { fontPlan: o.plan } : {}),
    })
  ).bytes;

/** The font programs (subset TrueType files) an update added. */
const fontFilesIn = (update: Uint8Array) =>
  (
    Buffer.from(update)
      .toString('latin1')
      .match(/\/Length1 \d+/g) ?? []
  ).length;

let upload: Uint8Array;

beforeAll(() => {
  requireTool('pdfsig');
  requireTool('mutool');
  requireTool('pdftotext');
  upload = texPdf(2);
});

describe('trailerSizeAt', () => {
  it("reads /Size of the upload's last section: a table, a stream, and not a later update", async () => {
    const table = await makeTestPdf({ pages: 2 });
    const tableDoc = await loadPdf(table);
    expect(trailerSizeAt(table, table.length)).toBeGreaterThan(tableDoc.getPageCount());
    // pdfTeX writes a cross-reference stream.
    const streamSize = trailerSizeAt(upload, upload.length);
    expect(streamSize).toBeGreaterThan(10);
    // After a signature the prefix still answers the upload's size; the whole file a larger one.
    const signed = await sign(upload, 'A', 0);
    expect(trailerSizeAt(signed, upload.length)).toBe(streamSize);
    expect(trailerSizeAt(signed, signed.length)).toBeGreaterThan(streamSize as number);
    expect(trailerSizeAt(signed, 100)).toBeNull();
    expect(trailerSizeAt(new TextEncoder().encode('%PDF-1.7 garbage'), 16)).toBeNull();
  });
});

describe('stamps reuse the fonts of earlier stamps', () => {
  it('with the names planned, later signatures embed no font, stay valid and draw the same', async () => {
    const plan = { bold: `0123456789${NAMES.join('')}`, regular: '0123456789' };
    const options = { uploadLength: upload.length, plan };
    const versions = [upload];
    for (const [i, name] of NAMES.entries()) {
      versions.push(await sign(versions[i] as Uint8Array, name, i, options));
    }
    const last = versions[3] as Uint8Array;
    // The first stamp embeds regular and bold; the next ones only refer to them.
    expect(fontFilesIn((versions[1] as Uint8Array).subarray(upload.length))).toBe(2);
    for (const i of [2, 3]) {
      const update = (versions[i] as Uint8Array).subarray((versions[i - 1] as Uint8Array).length);
      expect(fontFilesIn(update)).toBe(0);
      // B-B: the CMS reservation, the field, its appearance, the page and form: under 8 KB.
      expect(update.length).toBeLessThanOrEqual(8 * 1024);
    }
    const report = pdfsig(last);
    expect(report.signatures).toHaveLength(3);
    expect(report.signatures.every((s) => s.valid)).toBe(true);
    expect(mutoolVerify(last).output).not.toMatch(/not valid|invalid|failed/i);
    const text = pdfText(last).replace(/\s+/g, ' ');
    for (const name of NAMES) expect(text).toContain(name);
    // Drawn with reused glyphs, the page looks as with fonts of its own (pixel for pixel).
    const alone = await sign(versions[2] as Uint8Array, NAMES[2] as string, 2);
    const page = (await loadPdf(last)).getPageCount();
    expect(renderPage(last, page).equals(renderPage(alone, page))).toBe(true);
  });

  it('a glyph no earlier font has gets a small subset of its own, used only for it', async () => {
    const options = { uploadLength: upload.length };
    const first = await sign(upload, 'Anna Müller', 0, options);
    const second = await sign(first, 'Anna Müller Ł', 1, options);
    const update = second.subarray(first.length);
    // One new bold subset (for "Ł"), nothing for the details already drawn.
    expect(fontFilesIn(update)).toBe(1);
    const doc = await loadPdf(second);
    const fonts = reusableFonts(doc, trailerSizeAt(second, upload.length) as number);
    const bold = fonts.filter((f) => f.weight === 'bold');
    expect(bold).toHaveLength(2);
    expect([...(bold[1]?.cids.keys() ?? [])].map((c) => String.fromCodePoint(c))).toEqual(['Ł']);
    // Read once per parsed document (a kept one serves the next stamp): the same answers again,
    // not the font streams decoded anew; under another upload length, read afresh (none is ours).
    const again = reusableFonts(doc, trailerSizeAt(second, upload.length) as number);
    expect(again).toHaveLength(fonts.length);
    for (const [i, font] of again.entries()) expect(font).toBe(fonts[i]);
    expect(reusableFonts(doc, trailerSizeAt(second, second.length) as number)).toEqual([]);
    expect(pdfsig(second).signatures.every((s) => s.valid)).toBe(true);
    expect(pdfText(second).replace(/\s+/g, ' ')).toContain('Anna Müller Ł');
    const alone = await sign(first, 'Anna Müller Ł', 1);
    const page = doc.getPageCount();
    expect(renderPage(second, page).equals(renderPage(alone, page))).toBe(true);
  });

  it('never reuses a font of the uploaded file, even one an earlier Signet signature made', async () => {
    // A file signed elsewhere (here: by Signet, then uploaded again as a new document).
    const signedBefore = await sign(upload, 'Zuzanna Łukasiewicz', 0);
    const again = await sign(signedBefore, 'Zuzanna Łukasiewicz', 1, {
      uploadLength: signedBefore.length,
    });
    expect(fontFilesIn(again.subarray(signedBefore.length))).toBe(2);
    expect(
      reusableFonts(
        await loadPdf(signedBefore),
        trailerSizeAt(signedBefore, signedBefore.length) as number,
      ),
    ).toEqual([]);
    // Without the upload's length nothing is reused either.
    const blind = await sign(signedBefore, 'Zuzanna Łukasiewicz', 1);
    expect(fontFilesIn(blind.subarray(signedBefore.length))).toBe(2);
  });

  it('B-T signatures with reused fonts validate too', async () => {
    const options = { uploadLength: upload.length, tsa: true, plan: { bold: NAMES.join('') } };
    let file = upload;
    for (const [i, name] of NAMES.entries()) file = await sign(file, name, i, options);
    const report = pdfsig(file);
    expect(report.signatures.every((s) => s.valid)).toBe(true);
  });
});
