import { parentPort } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { serveThreadCalls } from '../threads/thread-call.ts';

/** A checked image to decode and re-encode (see signature-image.ts). */
export type SignatureImageJob = { bytes: Uint8Array; maxWidth: number; maxHeight: number };
export type SignatureImageResult = {
  png: Uint8Array;
  width: number;
  height: number;
  /** The same pixels ready for a PDF image XObject: deflated RGB and alpha (its soft mask). */
  pdf: Uint8Array;
};

/** `[u32 length of rgb][rgb][alpha]`, both deflated: what `stamp/pdf-image.ts` reads. */
function pdfImage(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  for (let i = 0, j = 0, k = 0; i < rgba.length; i += 4) {
    rgb[j++] = rgba[i] as number;
    rgb[j++] = rgba[i + 1] as number;
    rgb[j++] = rgba[i + 2] as number;
    alpha[k++] = rgba[i + 3] as number;
  }
  const a = deflateSync(rgb);
  const b = deflateSync(alpha);
  const out = new Uint8Array(4 + a.length + b.length);
  new DataView(out.buffer).setUint32(0, a.length);
  out.set(a, 4);
  out.set(b, 4 + a.length);
  return out;
}

/**
 * Decodes a signature image (PNG or JPEG, its header already checked) and draws it, scaled down
 * to fit `maxWidth` × `maxHeight`, onto a transparent canvas that is encoded as a new PNG:
 * only pixels survive (no metadata, no extra chunks, nothing appended after the image).
 */
serveThreadCalls<SignatureImageJob, SignatureImageResult>(parentPort, async (job) => {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(
      Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength),
    );
  } catch {
    throw Object.assign(new Error('The image cannot be decoded'), { code: 'IMAGE_UNREADABLE' });
  }
  const scale = Math.min(1, job.maxWidth / image.width, job.maxHeight / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return {
    png: new Uint8Array(await canvas.encode('png')),
    width,
    height,
    pdf: pdfImage(rgba, width, height),
  };
});
