import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from '../crypto/ca.ts';
import { loadPdf } from './inspect.ts';
import { signPdf } from './sign.ts';
import { pdfsig, pdfText, qpdfCheck, requireTool } from './test-tools.ts';
import { texPdf } from './world-pdfs.ts';

const SECRET = 'append-pages-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);

describe('appendBlankPages', () => {
  it("adds the signature page to a nested page tree without rewriting the document's pages", async () => {
    requireTool('pdfsig');
    requireTool('qpdf');
    // pdfTeX groups pages under intermediate /Pages nodes.
    const upload = texPdf(25);
    const pages = (await loadPdf(upload)).getPageCount();
    expect(pages).toBeGreaterThan(10);
    const signed = (
      await signPdf(upload, {
        signer: ca.platformSigner,
        signerName: 'Zuzanna Łukasiewicz',
        signingTime: new Date(),
        field: { page: pages, x: 20, y: 20 },
        appendPages: { count: 1, size: { width: 595.28, height: 841.89 } },
        appearance: { lines: ['Zuzanna Łukasiewicz', 'Simple electronic signature (SES)'] },
      })
    ).bytes;
    const update = Buffer.from(signed.subarray(upload.length)).toString('latin1');
    // The new page only: no page of the upload is written again.
    expect(update.match(/\/Type \/Page(?![s\w])/g) ?? []).toHaveLength(1);
    expect(update.length).toBeLessThan(20 * 1024);
    expect((await loadPdf(signed)).getPageCount()).toBe(pages + 1);
    expect(pdfText(signed, pages + 1)).toContain('Zuzanna Łukasiewicz');
    expect(pdfText(signed, pages)).not.toContain('Zuzanna Łukasiewicz');
    expect(qpdfCheck(signed).status).toBe(0);
    expect(pdfsig(signed).signatures.every((s) => s.valid)).toBe(true);
  });
});
