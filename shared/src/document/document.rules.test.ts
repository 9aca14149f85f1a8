import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from './document.constants.ts';
import { pdfFileProblem } from './document.rules.ts';

describe('pdfFileProblem', () => {
  it('takes a PDF by media type or by name', () => {
    expect(pdfFileProblem({ type: 'application/pdf', name: 'lease', size: 10 })).toBeNull();
    expect(pdfFileProblem({ type: '', name: 'Mietvertrag.PDF', size: 10 })).toBeNull();
  });

  it('turns away other files and files over the upload limit', () => {
    expect(pdfFileProblem({ type: 'image/png', name: 'scan.png', size: 10 })).toBe('notPdf');
    expect(
      pdfFileProblem({ type: 'application/pdf', name: 'a.pdf', size: UPLOAD_LIMITS.maxBytes }),
    ).toBeNull();
    expect(
      pdfFileProblem({ type: 'application/pdf', name: 'a.pdf', size: UPLOAD_LIMITS.maxBytes + 1 }),
    ).toBe('tooLarge');
  });
});
