import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const PNG_SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);

function pngChunk(type: string, data: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + data.byteLength);
  chunk.writeUInt32BE(data.byteLength, 0);
  chunk.write(type, 4, 'latin1');
  chunk.set(data, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.byteLength)), 8 + data.byteLength);
  return chunk;
}

/**
 * Encodes opaque RGBA pixels as an 8-bit RGB PNG. Skia's own PNG encoder took 20–60 ms for an
 * A4 page and wrote ~180 KB; dropping alpha, the "Up" row filter (page images are mostly
 * horizontal runs) and zlib on the thread pool give ~25 KB in a few ms. `level`: zlib's level
 * (default 6).
 */
export async function encodePng(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  level = 6,
): Promise<Buffer> {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  let prev = -1;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 2; // filter type Up: each byte minus the byte above
    let s = y * width * 4;
    for (let d = row + 1; d < row + stride; d += 3, s += 4) {
      raw[d] = rgba[s] as number;
      raw[d + 1] = rgba[s + 1] as number;
      raw[d + 2] = rgba[s + 2] as number;
    }
    prev = row;
  }
  // Filter bottom-up so every row still sees the unfiltered row above it.
  for (let row = prev; row > 0; row -= stride) {
    const above = row - stride;
    for (let i = 1; i < stride; i++) {
      raw[row + i] = ((raw[row + i] as number) - (raw[above + i] as number)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour (RGB)
  const data = await deflateAsync(raw, { level });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}
