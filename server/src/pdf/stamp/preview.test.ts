import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { decodePng } from '../../testing/png-pixels.ts';
import { layOutStamp, type StampContent } from './layout.ts';
import { renderStampPng } from './preview.ts';

// loadImage counted: a stored image is decoded once for its previews.
vi.mock('@napi-rs/canvas', async (original) => {
  const canvas = await original<typeof import('@napi-rs/canvas')>();
  return { ...canvas, loadImage: vi.fn(canvas.loadImage) };
});

const WIDTH = 300;
const HEIGHT = 140;
const SCALE = 2;

describe('stamp preview PNG', () => {
  it('is an opaque RGB PNG of the stamp: white ground, dark QR modules where the layout puts them', async () => {
    const content: StampContent = {
      lines: ['Łukasz Żółkiewski', 'Qualifizierte elektronische Signatur', '28.11.2026 20:31 UTC'],
      qr: 'https://signet.example/verify?doc=00000000-0000-4000-8000-000000000000',
    };
    const png = await renderStampPng(WIDTH, HEIGHT, content, SCALE);
    const view = Buffer.from(png);
    expect([view.readUInt32BE(16), view.readUInt32BE(20)]).toEqual([WIDTH * 2, HEIGHT * 2]);
    expect(view[25]).toBe(2); // colour type: RGB, no alpha channel
    const image = await decodePng(png);
    // The page-coloured ground, away from frame, text and code.
    expect(image.at(WIDTH * SCALE * 0.55, 6)).toEqual([255, 255, 255, 255]);
    const qr = layOutStamp(WIDTH, HEIGHT, content).find((o) => o.op === 'qr');
    if (qr?.op !== 'qr') throw new Error('no QR code in the layout');
    const size = qr.modules.length;
    // Module (row, col) in canvas pixels (PDF space has its origin bottom-left).
    const centre = (row: number, col: number) =>
      [
        Math.round((qr.x + (col + 0.5) * qr.module) * SCALE),
        Math.round((HEIGHT - (qr.y + (size - 1 - row + 0.5) * qr.module)) * SCALE),
      ] as const;
    // A finder pattern: dark corner module, light ring module inside it, dark centre.
    expect(image.at(...centre(0, 0))).toEqual([0, 0, 0, 255]);
    expect(image.at(...centre(1, 1))).toEqual([255, 255, 255, 255]);
    expect(image.at(...centre(3, 3))).toEqual([0, 0, 0, 255]);
    // Every module as the code says.
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const [r] = image.at(...centre(row, col));
        expect(r, `module ${row},${col}`).toBe(qr.modules[row]?.[col] ? 0 : 255);
      }
    }
  });

  it('decodes a stored image once for its previews; another image is drawn as itself', async () => {
    const drawn = async (color: string) => {
      const canvas = createCanvas(600, 200);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 600, 200);
      return new Uint8Array(await canvas.encode('png'));
    };
    const stamp = (bytes: Uint8Array): StampContent => ({
      lines: ['Max Muster'],
      image: { bytes, format: 'png', width: 600, height: 200 },
    });
    const image = stamp(await drawn('#ff0000'));
    const op = layOutStamp(WIDTH, HEIGHT, image).find((o) => o.op === 'image');
    if (op?.op !== 'image') throw new Error('no image in the layout');
    const inImage = [
      Math.round((op.x + op.width / 2) * SCALE),
      Math.round((HEIGHT - op.y - op.height / 2) * SCALE),
    ] as const;
    const decodes = vi.mocked(loadImage);
    decodes.mockClear();
    const first = await renderStampPng(WIDTH, HEIGHT, image, SCALE);
    const again = await renderStampPng(
      WIDTH,
      HEIGHT,
      stamp(image.image?.bytes.slice() as Uint8Array),
      SCALE,
    );
    expect(decodes).toHaveBeenCalledTimes(1);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    const other = await renderStampPng(WIDTH, HEIGHT, stamp(await drawn('#0000ff')), SCALE);
    expect(decodes).toHaveBeenCalledTimes(2);
    expect((await decodePng(first)).at(...inImage)).toEqual([255, 0, 0, 255]);
    expect((await decodePng(other)).at(...inImage)).toEqual([0, 0, 255, 255]);
  });
});
