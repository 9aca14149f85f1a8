import { describe, expect, it } from 'vitest';
import { PAGE_IMAGE_SCALES, UPLOAD_LIMITS } from './document.constants.ts';
import { pageImageScale, pageScaleFor, pdfFileProblem } from './document.rules.ts';

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

describe('page image scales', () => {
  it('asks for a stored scale: the next larger, or the largest', () => {
    expect(pageImageScale(50)).toBe(50);
    expect(pageImageScale(51)).toBe(100);
    expect(pageImageScale(10)).toBe(50);
    expect(pageImageScale(250)).toBe(300);
    expect(pageImageScale(400)).toBe(PAGE_IMAGE_SCALES.at(-1));
  });

  it('gives at least one device pixel per CSS pixel where the stored scales allow', () => {
    const a4 = 595.28;
    for (const [css, dpr] of [
      [360, 3],
      [640, 2],
      [760, 2],
      [890, 2],
      [760, 1],
      [1190, 1],
      [100, 2],
    ] as const) {
      const scale = pageScaleFor(css, a4, dpr);
      expect(Math.floor((a4 * scale) / 100), `${css} px at ${dpr}x`).toBeGreaterThanOrEqual(
        css * dpr,
      );
    }
    expect(pageScaleFor(760, a4, 1)).toBe(150);
    expect(pageScaleFor(0, a4, 2)).toBe(100);
    expect(pageScaleFor(700, a4, Number.NaN)).toBe(150);
  });
});
