import { describe, expect, it } from 'vitest';
import { makeManyPagesPdf } from './make-hostile-pdf.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { declaredPageCount, declaresEncryption, pdfText } from './trailer.ts';
import { qpdf, texPdf } from './world-pdfs.ts';

describe('declaresEncryption', () => {
  it('reads /Encrypt from a trailer and from a cross-reference stream', async () => {
    const plain = await makeTestPdf();
    expect(declaresEncryption(plain)).toBe(false);
    expect(declaresEncryption(qpdf(plain, ['--encrypt', '', 'o', '256', '--']))).toBe(true);
    const xrefStream = qpdf(plain, [
      '--encrypt',
      'u',
      'o',
      '256',
      '--',
      '--object-streams=generate',
    ]);
    expect(pdfText(xrefStream)).not.toMatch(/trailer/);
    expect(declaresEncryption(xrefStream)).toBe(true);
    // pdfTeX writes object streams and a cross-reference stream itself.
    expect(declaresEncryption(texPdf(3))).toBe(false);
  });
});

describe('declaredPageCount', () => {
  it('reads /Count of the newest page tree root, or says it cannot', async () => {
    expect(declaredPageCount(pdfText(makeManyPagesPdf(1234)))).toBe(1234);
    expect(declaredPageCount(pdfText(await makeTestPdf({ pages: 3 })))).toBe(3);
    // The catalog inside an object stream: not readable without parsing.
    const packed = qpdf(await makeTestPdf({ pages: 3 }), ['--object-streams=generate']);
    expect(declaredPageCount(pdfText(packed))).toBeNull();
    expect(declaredPageCount('%PDF-1.7 garbage')).toBeNull();
  });

  it('follows an incremental update to the newer page tree', async () => {
    const base = pdfText(makeManyPagesPdf(2));
    // Append a new revision whose page tree root (object 2) says 7.
    const update = `\n2 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count 7 >>\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 /Prev 0 >>\n`;
    expect(declaredPageCount(base + update)).toBe(7);
  });
});
