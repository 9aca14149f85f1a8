import { createHash } from 'node:crypto';
import { createCadesSignature } from '../crypto/cades.ts';
import type { Signer } from '../crypto/signer.ts';

/**
 * The placeholder ceremony shared by every signature: the incremental update is written with a
 * /ByteRange of fixed width and a /Contents hex string of zeros; then the byte range is filled
 * in, the covered bytes hashed, and the CMS written into /Contents. Both edits keep lengths, so
 * no offset in the update moves.
 */

/** Bytes reserved for the CMS: two certificates, one signature, room for a longer chain. */
export const CONTENTS_BYTES = 12_288;
/** 10-digit numbers keep the array's width independent of the file size (up to 9.3 GB). */
export const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
const BYTE_RANGE_TEXT = Buffer.from(
  `[0 ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER}]`,
);

/**
 * Fills in the placeholders of the update appended to `original` and returns the signed file.
 * Throws if the update is not a pure append (the original must be a byte-identical prefix).
 */
export async function completeSignature(
  original: Uint8Array,
  withPlaceholders: Uint8Array,
  signer: Signer,
): Promise<Uint8Array> {
  const out = Buffer.from(
    withPlaceholders.buffer,
    withPlaceholders.byteOffset,
    withPlaceholders.byteLength,
  );
  if (
    out.length <= original.length ||
    Buffer.compare(out.subarray(0, original.length), original) !== 0
  ) {
    throw new Error('Signing did not append an incremental update: earlier bytes changed');
  }
  const from = original.length;
  const byteRangeAt = out.indexOf(BYTE_RANGE_TEXT, from);
  const contentsPattern = Buffer.from(`<${'0'.repeat(64)}`);
  const contentsAt = out.indexOf(contentsPattern, from);
  if (byteRangeAt < 0 || contentsAt < 0)
    throw new Error('Signature placeholders not found in the update');
  const contentsEnd = out.indexOf(0x3e /* > */, contentsAt) + 1;
  if (contentsEnd - contentsAt - 2 !== CONTENTS_BYTES * 2)
    throw new Error('Unexpected /Contents placeholder size');

  // [0 a b c] covers everything but the hex string including its angle brackets.
  const range = [0, contentsAt, contentsEnd, out.length - contentsEnd] as const;
  const rangeText = `[${range.join(' ')}]`.padEnd(BYTE_RANGE_TEXT.length, ' ');
  out.write(rangeText, byteRangeAt, 'latin1');

  const digest = createHash('sha256')
    .update(out.subarray(0, contentsAt))
    .update(out.subarray(contentsEnd))
    .digest();
  const cms = await createCadesSignature(signer, digest);
  if (cms.length > CONTENTS_BYTES)
    throw new Error(`CMS of ${cms.length} bytes exceeds the reserved ${CONTENTS_BYTES}`);
  out.write(Buffer.from(cms).toString('hex').toUpperCase(), contentsAt + 1, 'latin1');
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
