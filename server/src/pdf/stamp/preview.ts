import { createHash } from 'node:crypto';
import { createCanvas, GlobalFonts, type Image, loadImage } from '@napi-rs/canvas';
import { Lru } from '../../lru.ts';
import { encodePng } from '../png.ts';
import { type FontWeight, fontBytes } from './fonts.ts';
import { layOutStamp, type Rgb, type StampContent } from './layout.ts';

/** Canvas font families registered from the stamp's own files (once per process). */
const FAMILY: Record<FontWeight, string> = {
  regular: 'Signet Stamp Regular',
  bold: 'Signet Stamp Bold',
};
let registered = false;
function registerFonts(): void {
  if (registered) return;
  for (const weight of ['regular', 'bold'] as const) {
    const b = fontBytes(weight);
    GlobalFonts.register(Buffer.from(b.buffer, b.byteOffset, b.byteLength), FAMILY[weight]);
  }
  registered = true;
}

/**
 * zlib level of the preview PNG. Skia's encoder took ≈ 10 ms of CPU for a 600 × 280 stamp (a
 * third of the preview call) and wrote 44 KB; ours (png.ts) at level 3 ≈ 4 ms for 43 KB (level
 * 6: ≈ 6–12 ms for 40 KB, level 1: 44.5 KB).
 */
const PREVIEW_PNG_LEVEL = 3;

/**
 * Decoded stamp images by their bytes (sha256), most recently used last: a visual signature's
 * image depends only on what is stored, while its preview is drawn anew for every call (it shows
 * the time), so the PNG is decoded once, not for every preview.
 */
const decoded = new Lru<string, Image>({ entries: 32 });

async function decodedImage(bytes: Uint8Array): Promise<Image> {
  const key = createHash('sha256').update(bytes).digest('base64');
  const hit = decoded.get(key);
  if (hit) return hit;
  const image = await loadImage(Buffer.from(bytes));
  decoded.set(key, image);
  return image;
}

const css = (c: Rgb) => `rgb(${c.map((v) => Math.round(v * 255)).join(',')})`;

/**
 * The stamp as a PNG, drawn from the same layout as the signature's appearance (layout.ts) with
 * the same font files, at `scale` pixels per point on white: what the person will see on the
 * page. The image, if any, is one Signet stored (re-encoded), never an upload as sent.
 */
export async function renderStampPng(
  width: number,
  height: number,
  content: StampContent,
  scale = 2,
): Promise<Uint8Array> {
  registerFonts();
  const ops = layOutStamp(width, height, content);
  const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // PDF space (origin bottom-left, points) onto the canvas.
  ctx.setTransform(scale, 0, 0, -scale, 0, height * scale);
  for (const o of ops) {
    switch (o.op) {
      case 'frame':
        ctx.strokeStyle = css(o.color);
        ctx.lineWidth = 0.75;
        ctx.strokeRect(o.x, o.y, o.width, o.height);
        break;
      case 'rule':
        ctx.strokeStyle = css(o.color);
        ctx.lineWidth = 0.75;
        ctx.beginPath();
        ctx.moveTo(o.x1, o.y);
        ctx.lineTo(o.x2, o.y);
        ctx.stroke();
        break;
      case 'text':
        ctx.save();
        // Text is drawn upright: flip back around its baseline.
        ctx.translate(o.x, o.y);
        ctx.scale(1, -1);
        ctx.fillStyle = css(o.color);
        ctx.font = `${o.size}px "${FAMILY[o.weight]}"`;
        ctx.fillText(o.text, 0, 0);
        ctx.restore();
        break;
      case 'image': {
        if (!content.image) break;
        const image = await decodedImage(content.image.bytes);
        ctx.save();
        ctx.translate(o.x, o.y + o.height);
        ctx.scale(1, -1);
        ctx.drawImage(image, 0, 0, o.width, o.height);
        ctx.restore();
        break;
      }
      case 'qr': {
        // One path of all dark modules, filled once (a fill per module cost ≈ 2 ms).
        ctx.fillStyle = '#000000';
        ctx.beginPath();
        const size = o.modules.length;
        for (let row = 0; row < size; row++) {
          for (let col = 0; col < size; col++) {
            if (!o.modules[row]?.[col]) continue;
            ctx.rect(o.x + col * o.module, o.y + (size - 1 - row) * o.module, o.module, o.module);
          }
        }
        ctx.fill();
        break;
      }
    }
  }
  // The canvas is opaque (white first), so its raw RGBA pixels are the colours themselves.
  const png = await encodePng(canvas.data(), canvas.width, canvas.height, PREVIEW_PNG_LEVEL);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
