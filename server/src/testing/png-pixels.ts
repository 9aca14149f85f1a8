import { createCanvas, loadImage } from '@napi-rs/canvas';
import { expect } from 'vitest';

/** A PNG's pixels as a browser decodes them: `at(x, y)` is [r, g, b, a] of that pixel. */
export type Pixels = { width: number; height: number; at(x: number, y: number): number[] };

/** Decodes a PNG (its signature checked) for tests that look at pixels. */
export async function decodePng(png: Uint8Array): Promise<Pixels> {
  expect(Array.from(png.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x, y) =>
      Array.from(data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)),
  };
}
