import { describe, expect, it } from 'vitest';
import { CELL_PT, EDGE_PT, findFreeBoxes, occupancyFromRgba, takeBox } from './free-area.ts';

const A4 = { width: 595, height: 842 };
const STAMP = { width: 300, height: 140 };

/** A white A4 page at 1 px per point with black rectangles drawn on it (top-left coordinates). */
function page(rects: { x: number; y: number; width: number; height: number }[]) {
  const rgba = new Uint8Array(A4.width * A4.height * 4).fill(255);
  for (const r of rects) {
    for (let y = r.y; y < r.y + r.height; y++) {
      for (let x = r.x; x < r.x + r.width; x++)
        rgba.fill(0, (y * A4.width + x) * 4, (y * A4.width + x) * 4 + 3);
    }
  }
  return occupancyFromRgba(rgba, A4.width, A4.height, 1);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

describe('free space for stamps', () => {
  it('puts stamps bottom-right on a blank page, one above the other, inside the edges', () => {
    const boxes = findFreeBoxes(page([]), A4, STAMP, 3);
    expect(boxes).toHaveLength(3);
    // Right-aligned to the grid: within one cell of the right edge margin.
    expect(boxes[0]?.x).toBeGreaterThan(A4.width - EDGE_PT - 300 - CELL_PT);
    expect((boxes[0]?.x ?? 0) + 300).toBeLessThanOrEqual(A4.width - EDGE_PT);
    expect((boxes[0]?.y ?? 0) + 140).toBeLessThanOrEqual(A4.height - EDGE_PT);
    expect(boxes[1]?.y).toBeLessThan(boxes[0]?.y ?? 0);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });

  it('never covers anything drawn, with a margin, and finds the blank spot left of a page number', () => {
    const text = { x: 60, y: 60, width: 480, height: 560 };
    const pageNumber = { x: 520, y: 800, width: 20, height: 10 };
    const boxes = findFreeBoxes(page([text, pageNumber]), A4, STAMP, 1);
    expect(boxes).toHaveLength(1);
    const box = boxes[0] as NonNullable<(typeof boxes)[0]>;
    const grown = (r: typeof text) => ({
      x: r.x - CELL_PT,
      y: r.y - CELL_PT,
      width: r.width + 2 * CELL_PT,
      height: r.height + 2 * CELL_PT,
    });
    expect(overlaps(box, grown(text))).toBe(false);
    expect(overlaps(box, grown(pageNumber))).toBe(false);
  });

  it('answers fewer boxes than asked when the page is full, and keeps placed stamps free', () => {
    expect(findFreeBoxes(page([{ x: 0, y: 0, width: 595, height: 842 }]), A4, STAMP, 2)).toEqual(
      [],
    );
    const o = page([{ x: 0, y: 0, width: 595, height: 500 }]);
    const placed = { x: 275, y: 682, width: 300, height: 140 };
    takeBox(o, placed);
    const boxes = findFreeBoxes(o, A4, STAMP, 3);
    expect(boxes.length).toBeLessThan(3);
    for (const b of boxes) expect(overlaps(b, placed)).toBe(false);
  });

  it('ignores paper-white noise but not light grey text', () => {
    const rgba = new Uint8Array(A4.width * A4.height * 4).fill(250);
    const noisy = occupancyFromRgba(rgba, A4.width, A4.height, 1);
    expect(noisy.taken.some((v) => v === 1)).toBe(false);
    rgba.fill(200, 0, 4 * A4.width * 10);
    expect(occupancyFromRgba(rgba, A4.width, A4.height, 1).taken.some((v) => v === 1)).toBe(true);
  });
});
