import { constants, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * Stream filters decoded with a ceiling on the output, so a decompression bomb costs at most
 * `maxBytes` of memory and the time to produce them. Image-only filters (DCT, JPX, CCITT,
 * JBIG2) are not decoded here: images are judged by their declared size instead.
 */

/** The decoded data would be larger than the ceiling. */
export class DecodeLimitError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`decoded stream larger than ${limit} bytes`);
    this.name = 'DecodeLimitError';
    this.limit = limit;
  }
}

/** Filters whose output is pixels, not bytes we look at. */
export const IMAGE_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

const ABBREVIATIONS: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};

/** A filter name as written (inline images abbreviate) in its full form. */
export function filterName(name: string): string {
  return ABBREVIATIONS[name] ?? name;
}

/**
 * Applies `filters` in order to `data`. Returns null when a filter is one we do not decode (an
 * image filter, Crypt, or an unknown name) or the data is too damaged to decode at all — a
 * renderer copes with those by itself. Damaged data that decodes partly returns that part.
 * Throws {@link DecodeLimitError} as soon as any stage passes `maxBytes`.
 */
export function decodeFilters(
  data: Uint8Array,
  filters: readonly string[],
  maxBytes: number,
  earlyChange: readonly number[] = [],
): Uint8Array | null {
  let out: Uint8Array = data;
  for (let i = 0; i < filters.length; i++) {
    const name = filterName(filters[i] as string);
    const next = decodeOne(out, name, maxBytes, earlyChange[i] ?? 1);
    if (next === null) return null;
    out = next;
  }
  return out;
}

function decodeOne(
  data: Uint8Array,
  name: string,
  maxBytes: number,
  earlyChange: number,
): Uint8Array | null {
  switch (name) {
    case 'FlateDecode':
      return inflate(data, maxBytes);
    case 'LZWDecode':
      return lzw(data, maxBytes, earlyChange);
    case 'RunLengthDecode':
      return runLength(data, maxBytes);
    case 'ASCIIHexDecode':
      return asciiHex(data);
    case 'ASCII85Decode':
      return ascii85(data);
    default:
      return null;
  }
}

function isLimit(e: unknown): boolean {
  return (
    e instanceof RangeError || (e as { code?: string } | null)?.code === 'ERR_BUFFER_TOO_LARGE'
  );
}

function inflate(data: Uint8Array, maxBytes: number): Uint8Array | null {
  // Truncated streams are common (and tolerated by viewers): flush what there is.
  const options = { maxOutputLength: maxBytes, finishFlush: constants.Z_SYNC_FLUSH };
  try {
    return inflateSync(data, options);
  } catch (e) {
    if (isLimit(e)) throw new DecodeLimitError(maxBytes);
  }
  try {
    // Some producers write raw deflate without the zlib header.
    return inflateRawSync(data, options);
  } catch (e) {
    if (isLimit(e)) throw new DecodeLimitError(maxBytes);
    return null;
  }
}

/** A growing byte buffer that refuses to pass `max`. */
class Output {
  private buf: Uint8Array;
  length = 0;
  private readonly max: number;
  constructor(initial: number, max: number) {
    this.max = max;
    this.buf = new Uint8Array(Math.max(16, Math.min(initial, max)));
  }
  ensure(extra: number): void {
    const need = this.length + extra;
    if (need > this.max) throw new DecodeLimitError(this.max);
    if (need <= this.buf.length) return;
    const next = new Uint8Array(Math.min(this.max, Math.max(need, this.buf.length * 2)));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  push(byte: number): void {
    this.ensure(1);
    this.buf[this.length++] = byte;
  }
  copyWithin(from: number, count: number): void {
    this.ensure(count);
    for (let i = 0; i < count; i++) this.buf[this.length++] = this.buf[from + i] as number;
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** LZW as in PDF 32000-1 §7.4.4 (9–12 bit codes, clear 256, end 257). */
function lzw(data: Uint8Array, maxBytes: number, earlyChange: number): Uint8Array {
  const out = new Output(data.length * 3, maxBytes);
  // Every string of the table occurs in the output already: keep where, and how long. A new
  // entry is the previous string plus the next byte, which follows it in the output.
  const starts = new Int32Array(4096);
  const lengths = new Int32Array(4096);
  let next = 258;
  let width = 9;
  let prevAt = -1;
  let prevLen = 0;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < data.length; i++) {
    acc = ((acc << 8) | (data[i] as number)) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (acc >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        prevAt = -1;
        continue;
      }
      if (code === 257) return out.result();
      const at = out.length;
      let length: number;
      if (code < 256) {
        out.push(code);
        length = 1;
      } else if (code < next) {
        length = lengths[code] as number;
        out.copyWithin(starts[code] as number, length);
      } else if (code === next && prevAt >= 0) {
        out.copyWithin(prevAt, prevLen);
        out.copyWithin(prevAt, 1);
        length = prevLen + 1;
      } else {
        return out.result(); // damaged: keep what decoded
      }
      if (prevAt >= 0 && next < 4096) {
        starts[next] = prevAt;
        lengths[next] = prevLen + 1;
        next++;
      }
      prevAt = at;
      prevLen = length;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
  }
  return out.result();
}

function runLength(data: Uint8Array, maxBytes: number): Uint8Array {
  const out = new Output(data.length * 2, maxBytes);
  let i = 0;
  while (i < data.length) {
    const n = data[i++] as number;
    if (n === 128) break;
    if (n < 128) {
      const count = Math.min(n + 1, data.length - i);
      out.ensure(count);
      for (let k = 0; k < count; k++) out.push(data[i++] as number);
    } else {
      if (i >= data.length) break;
      const byte = data[i++] as number;
      const count = 257 - n;
      out.ensure(count);
      for (let k = 0; k < count; k++) out.push(byte);
    }
  }
  return out.result();
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const c of data) {
    if (c === 62) break; // '>'
    const v = hexValue(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

function ascii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil((data.length * 4) / 5) + 4);
  let n = 0;
  const group: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i] as number;
    if (c === 126) break; // '~' of '~>'
    if (c === 122 && group.length === 0) {
      out.fill(0, n, n + 4); // 'z'
      n += 4;
      continue;
    }
    if (c < 33 || c > 117) continue;
    group.push(c - 33);
    if (group.length === 5) {
      let v = 0;
      for (const d of group) v = v * 85 + d;
      out[n++] = (v >>> 24) & 0xff;
      out[n++] = (v >>> 16) & 0xff;
      out[n++] = (v >>> 8) & 0xff;
      out[n++] = v & 0xff;
      group.length = 0;
    }
  }
  if (group.length > 1) {
    const kept = group.length - 1;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    for (let k = 0; k < kept; k++) out[n++] = (v >>> (24 - 8 * k)) & 0xff;
  }
  return out.subarray(0, n);
}
