import { describe, expect, it } from 'vitest';
import { listSignatures, loadPdf, parsePdfDate } from './inspect.ts';
import { makeTestPdf } from './make-test-pdf.ts';
import { qpdf } from './world-pdfs.ts';

describe('loadPdf', () => {
  it('tells encryption from the trailer, also when the objects sit in encrypted object streams', async () => {
    const plain = await makeTestPdf({ pages: 2 });
    for (const layout of [[], ['--object-streams=generate']]) {
      const encrypted = qpdf(plain, ['--encrypt', 'user', 'owner', '256', '--', ...layout]);
      await expect(loadPdf(encrypted), layout.join(' ')).rejects.toMatchObject({
        code: 'PDF_ENCRYPTED',
        status: 422,
        details: undefined,
      });
    }
  });

  it('refuses damaged files with PDF_UNREADABLE and no parser message', async () => {
    const pdf = await makeTestPdf({ pages: 2 });
    for (const bytes of [
      pdf.subarray(0, Math.floor(pdf.length / 2)),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      new Uint8Array(0),
    ]) {
      const error = await loadPdf(bytes).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'PDF_UNREADABLE', status: 422 });
      expect((error as { details?: unknown }).details).toBeUndefined();
      expect((error as Error).message).toBe('The PDF is damaged and cannot be read.');
    }
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
