/**
 * What an image claims to be, read from its first bytes before anything decodes it: the format
 * (PNG or JPEG by signature, never by name or media type) and the dimensions its header states
 * (PNG IHDR; JPEG's first SOFn marker), so a decompression bomb is refused unread.
 */
export type ImageHeader = { format: 'png' | 'jpeg'; width: number; height: number };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The header of a PNG or JPEG; null for anything else (or a header that cannot be read). */
export function readImageHeader(b: Uint8Array): ImageHeader | null {
  if (b.length >= 24 && PNG.every((v, i) => b[i] === v)) {
    // The first chunk must be IHDR: width and height, big-endian, at offsets 16 and 20.
    if (String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return null;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1] as number;
      if (marker === 0xff) {
        at++;
        continue;
      }
      const length = ((b[at + 2] as number) << 8) | (b[at + 3] as number);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (
        marker >= 0xc0 &&
        marker <= 0xcf &&
        marker !== 0xc4 &&
        marker !== 0xc8 &&
        marker !== 0xcc
      ) {
        const height = ((b[at + 5] as number) << 8) | (b[at + 6] as number);
        const width = ((b[at + 7] as number) << 8) | (b[at + 8] as number);
        return { format: 'jpeg', width, height };
      }
      if (marker === 0xd9 || marker === 0xda || length < 2) return null;
      at += 2 + length;
    }
  }
  return null;
}
