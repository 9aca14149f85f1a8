import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  imageScale,
  pageBoxStyle,
  pageCssWidth,
  pagePointOf,
  pageSizeFromImage,
  parsePageNumber,
  stepZoom,
} from './viewer-model.ts';

describe('the viewer model', () => {
  it('takes a typed page number within the document only', () => {
    expect(parsePageNumber('17', 425)).toBe(17);
    expect(parsePageNumber(' 425 ', 425)).toBe(425);
    expect(parsePageNumber('0', 425)).toBeNull();
    expect(parsePageNumber('426', 425)).toBeNull();
    expect(parsePageNumber('1e2', 425)).toBeNull();
    expect(parsePageNumber('', 425)).toBeNull();
  });

  it('fits the width, or shows 1 and 2 CSS pixels per point', () => {
    expect(pageCssWidth('fit', 700.6, DEFAULT_PAGE_SIZE)).toBe(700);
    expect(pageCssWidth(1, 700, DEFAULT_PAGE_SIZE)).toBe(595);
    expect(pageCssWidth(2, 700, { width: 842, height: 595 })).toBe(1684);
    expect(stepZoom('fit', 1)).toBe(1);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom('fit', -1)).toBe('fit');
  });

  it('learns a page size from its image and asks for sharp images', () => {
    expect(pageSizeFromImage(1786, 2526, 300)).toEqual({
      width: 595.3333333333334,
      height: 842,
    });
    expect(pageSizeFromImage(0, 10, 100)).toBeNull();
    const scale = imageScale(700, DEFAULT_PAGE_SIZE, 2);
    expect((DEFAULT_PAGE_SIZE.width * scale) / 100).toBeGreaterThanOrEqual(1400);
  });

  it('places page points on the shown page and back', () => {
    const box = { pxPerPt: 1.5 };
    expect(pageBoxStyle(box, { x: 100, y: 200, width: 300, height: 140 })).toEqual({
      left: 150,
      top: 300,
      width: 450,
      height: 210,
    });
    expect(pagePointOf(box, 150, 300)).toEqual({ x: 100, y: 200 });
  });
});
