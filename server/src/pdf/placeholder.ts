import { createHash, type Hash } from 'node:crypto';
import { type PDF, PdfArray, PdfNumber, PdfString } from '@libpdf/core';
import { keepInStep, type PdfVersion, saveAppended } from './in-step.ts';

/**
 * The placeholder ceremony shared by every signature and document time stamp: the incremental
 * update is written with a /ByteRange of fixed width and a /Contents hex string of zeros of
 * exactly the reserved size; then the byte range is filled in, the covered bytes hashed, and
 * the CMS (or time-stamp token) written into /Contents. Both edits keep lengths, so no offset in
 * the update moves.
 */

/** 10-digit numbers keep the array's width independent of the file size (up to 9.3 GB). */
export const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
const BYTE_RANGE_TEXT = Buffer.from(
  `[0 ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER}]`,
);

/** The /ByteRange placeholder array. */
export const byteRangePlaceholder = (): PdfArray =>
  PdfArray.of(
    PdfNumber.of(0),
    PdfNumber.of(BYTE_RANGE_PLACEHOLDER),
    PdfNumber.of(BYTE_RANGE_PLACEHOLDER),
    PdfNumber.of(BYTE_RANGE_PLACEHOLDER),
  );

/** A /Contents placeholder reserving `bytes` bytes (written as 2 × bytes hex digits). */
export const contentsPlaceholder = (bytes: number): PdfString =>
  new PdfString(new Uint8Array(bytes), 'hex');

/** The two placeholders of one signature (or document time stamp) dictionary. */
export type Placeholders = { ByteRange: PdfArray; Contents: PdfString };

/** Fresh placeholders, /Contents reserving `reserved` bytes. */
export const placeholders = (reserved: number): Placeholders => ({
  ByteRange: byteRangePlaceholder(),
  Contents: contentsPlaceholder(reserved),
});

/** Thrown when what was made does not fit the reservation (the caller reserves more and retries). */
export class ReservationTooSmallError extends Error {
  readonly needed: number;
  constructor(needed: number, reserved: number) {
    super(`${needed} bytes do not fit the reserved ${reserved}`);
    this.name = 'ReservationTooSmallError';
    this.needed = needed;
  }
}

export type Filled = {
  /** The finished file. */
  bytes: Uint8Array;
  /** Its SHA-256 (hex), computed along the way: the blob key. */
  sha256: string;
};

/**
 * Fills in the placeholders of the update appended to the first `from` bytes (a pure append,
 * which the caller has checked): the byte range, then what `produce` makes from the SHA-256 of
 * the covered bytes. `prefix`: a SHA-256 state over exactly those `from` bytes (in-step.ts
 * `hashStateOf`; it is advanced), so only the update is hashed.
 */
export async function fillPlaceholders(
  from: number,
  withPlaceholders: Uint8Array,
  reserved: number,
  produce: (digest: Uint8Array) => Promise<Uint8Array>,
  prefix: Hash | null = null,
): Promise<Filled & { range: readonly number[]; value: Uint8Array; hash: Hash }> {
  const out = Buffer.from(
    withPlaceholders.buffer,
    withPlaceholders.byteOffset,
    withPlaceholders.byteLength,
  );
  const byteRangeAt = out.indexOf(BYTE_RANGE_TEXT, from);
  const contentsPattern = Buffer.from(`<${'0'.repeat(64)}`);
  const contentsAt = out.indexOf(contentsPattern, from);
  if (byteRangeAt < 0 || contentsAt < 0)
    throw new Error('Signature placeholders not found in the update');
  const contentsEnd = out.indexOf(0x3e /* > */, contentsAt) + 1;
  if (contentsEnd - contentsAt - 2 !== reserved * 2)
    throw new Error('Unexpected /Contents placeholder size');

  // [0 a b c] covers everything but the hex string including its angle brackets.
  const range = [0, contentsAt, contentsEnd, out.length - contentsEnd] as const;
  const rangeText = `[${range.join(' ')}]`.padEnd(BYTE_RANGE_TEXT.length, ' ');
  out.write(rangeText, byteRangeAt, 'latin1');

  // The prefix is hashed once (the original's part not at all when its state is given): one
  // copy of the state finishes the covered-range digest, the other (after the contents are in)
  // the digest of the whole file.
  const head: Hash = prefix
    ? prefix.update(out.subarray(from, contentsAt))
    : createHash('sha256').update(out.subarray(0, contentsAt));
  const whole = head.copy();
  const digest = head.update(out.subarray(contentsEnd)).digest();
  const value = await produce(digest);
  if (value.length > reserved) throw new ReservationTooSmallError(value.length, reserved);
  out.write(Buffer.from(value).toString('hex').toUpperCase(), contentsAt + 1, 'latin1');
  whole.update(out.subarray(contentsAt, contentsEnd)).update(out.subarray(contentsEnd));
  // The state over the finished file stays open for the update after this one.
  const hash = whole.copy();
  return {
    bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength),
    sha256: whole.digest('hex'),
    range,
    value,
    hash,
  };
}

/**
 * Saves `doc` as an incremental update of `original` (the bytes it was parsed from or kept in
 * step with) whose new signature dictionary holds `held`, fills the placeholders with what
 * `produce` makes of the digest, and keeps `doc` in step with the result (in-step.ts): the
 * filled /ByteRange and /Contents are set in the parsed dictionary too, without marking it
 * changed, so the next update neither rewrites it nor reads zeros from it.
 */
export async function saveSigned(
  doc: PDF,
  original: Uint8Array,
  held: Placeholders,
  produce: (digest: Uint8Array) => Promise<Uint8Array>,
  save: { subsetFonts?: boolean; compressionThreshold?: number } = {},
): Promise<PdfVersion> {
  const saved = await saveAppended(doc, original, save);
  if (!saved.appended) {
    throw new Error('Signing did not append an incremental update: earlier bytes changed');
  }
  const filled = await fillPlaceholders(
    original.length,
    saved.bytes,
    held.Contents.bytes.length,
    produce,
    saved.prefix,
  );
  keepInStep(doc, filled.bytes, filled.hash);
  held.Contents.bytes.set(filled.value);
  for (const [i, n] of filled.range.entries()) held.ByteRange.set(i, PdfNumber.of(n));
  held.ByteRange.clearDirty();
  return { bytes: filled.bytes, sha256: filled.sha256, doc };
}

/**
 * Runs `attempt` with `reserved` bytes; when what it made did not fit (an external TSA's token
 * larger than its first), once more with what was needed and a margin.
 */
export async function withReservation<T extends Filled>(
  reserved: number,
  attempt: (reserved: number, retry: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await attempt(reserved, false);
  } catch (e) {
    if (!(e instanceof ReservationTooSmallError)) throw e;
    // The first attempt saved into its parsed document: a retry parses the file again.
    return attempt(e.needed + 512, true);
  }
}
