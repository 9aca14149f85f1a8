import { describe, expect, it } from 'vitest';
import { initialBox, moveBox } from './placement.ts';

const A4 = { width: 595, height: 842 };

describe('signature box placement', () => {
  it('starts bottom right, 300 × 140, inside the page', () => {
    expect(initialBox(A4)).toEqual({ x: 275, y: 682, width: 300, height: 140 });
  });

  it('never leaves the page when dragged past an edge', () => {
    const box = initialBox(A4);
    expect(moveBox(box, 500, 500, A4)).toEqual({ x: 295, y: 702, width: 300, height: 140 });
    expect(moveBox(box, -1000, -1000, A4)).toEqual({ x: 0, y: 0, width: 300, height: 140 });
  });

  it('shrinks a box larger than a small page to the page', () => {
    expect(
      moveBox({ x: 0, y: 0, width: 300, height: 140 }, 0, 0, { width: 200, height: 100 }),
    ).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 100,
    });
  });
});
