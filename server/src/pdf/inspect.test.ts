import { describe, expect, it } from 'vitest';
import { inspectPdf, listSignatures, parsePdfDate } from './inspect.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { qpdfEncrypt } from './test-tools.ts';

describe('inspectPdf', () => {
  it('counts pages and reports their sizes', async () => {
    const info = await inspectPdf(await makeTestPdf({ pages: 4 }));
    expect(info).toMatchObject({
      pages: 4,
      encrypted: false,
      signatures: 0,
      title: 'Signet test document',
    });
    expect(info.pageSizes).toHaveLength(4);
    expect(info.pageSizes[0]).toEqual({ width: 595.28, height: 841.89 });
  });

  it.each([
    ['with an empty user password', ''],
    ['with a user password', 'open-sesame'],
  ])('refuses an encrypted PDF (%s) with PDF_ENCRYPTED', async (_label, password) => {
    const encrypted = qpdfEncrypt(await makeTestPdf(), password);
    await expect(inspectPdf(encrypted)).rejects.toMatchObject({
      code: 'PDF_ENCRYPTED',
      status: 422,
    });
  });

  it('refuses a file that is not a PDF with PDF_UNREADABLE', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(inspectPdf(png)).rejects.toMatchObject({ code: 'PDF_UNREADABLE', status: 422 });
    await expect(inspectPdf(new Uint8Array(0))).rejects.toMatchObject({ code: 'PDF_UNREADABLE' });
  });

  it('refuses a truncated PDF with PDF_UNREADABLE', async () => {
    const pdf = await makeTestPdf({ pages: 2 });
    await expect(inspectPdf(pdf.subarray(0, Math.floor(pdf.length / 2)))).rejects.toMatchObject({
      code: 'PDF_UNREADABLE',
    });
  });

  it('lists no signatures in an unsigned PDF', async () => {
    expect(await listSignatures(await makeTestPdf())).toEqual([]);
  });
});

describe('parsePdfDate', () => {
  it('reads UTC and offset dates', () => {
    expect(parsePdfDate('D:20250304102030Z')?.toISOString()).toBe('2025-03-04T10:20:30.000Z');
    expect(parsePdfDate("D:20250304112030+01'00'")?.toISOString()).toBe('2025-03-04T10:20:30.000Z');
    expect(parsePdfDate('yesterday')).toBeUndefined();
  });
});
