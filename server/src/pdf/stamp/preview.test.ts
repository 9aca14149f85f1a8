import { describe, expect, it } from 'vitest';
import { decodePng } from '../../testing/png-pixels.ts';
import { layOutStamp, type StampContent } from './layout.ts';
import { renderStampPng } from './preview.ts';

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
});
