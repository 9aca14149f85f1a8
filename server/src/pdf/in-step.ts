import type { Hash } from 'node:crypto';
import type { PDF } from '@libpdf/core';
import type { Filled } from './placeholder.ts';
import { lastStartXref } from './trailer.ts';

/**
 * A file's newest version with its parsed document in step: `doc` stands for exactly `bytes`, so
 * the next incremental update (a DSS, a document time stamp) is appended without parsing the
 * file again. Parsing is most of an update's cost on real files (libpdf resolves every page
 * dictionary, on pdfTeX's files out of compressed object streams: ≈ 15 ms for 1.2 MB), and a
 * completing signature appends three updates.
 */
export type PdfVersion = Filled & { doc: PDF };

/** Where libpdf keeps the file an incremental save appends to (private in its types). */
type SaveBase = { originalBytes: unknown; originalXRefOffset: unknown };

/**
 * Room left after a version's bytes in its buffer for the updates that follow (a signature adds
 * ≈ 10 KB, a seal ≈ 20 KB; pages appended for stamps more). Reserved, not touched: the pages of
 * a fresh buffer cost memory only once written.
 */
const APPEND_ROOM = 512 * 1024;

/**
 * How far each version buffer Signet appends to is written: a version is appended to in place
 * only while it is the longest one its buffer holds, so no bytes another version stands for
 * are ever overwritten (two signatures started from one version: the second copies).
 */
const writtenTo = new WeakMap<ArrayBufferLike, number>();

/**
 * Saves `doc` as an incremental update of `original` (the bytes it was parsed from or kept in
 * step with), written into the room after them (libpdf's `appendInPlace`, patched in): no copy
 * of the file per update. The first update of a document moves its bytes once into a
 * SharedArrayBuffer with room; the versions after it are longer views of that same memory, and
 * a view handed to the blob writer's thread is shared with it, not copied (as it was, ≈ 0.6 ms
 * for the 1.2 MB bench document). `appended`: the update is a pure append of `original` (libpdf
 * falls back to a full save when it must); `prefix`: the SHA-256 state over `original` kept
 * with `doc` (hashStateOf), if any.
 */
export async function saveAppended(
  doc: PDF,
  original: Uint8Array,
  options: { subsetFonts?: boolean; compressionThreshold?: number } = {},
): Promise<{ bytes: Uint8Array; appended: boolean; prefix: Hash | null }> {
  const prefix = hashStateOf(doc, original);
  const base = versionBytes(doc) === original ? withAppendRoom(doc, original) : null;
  const bytes = await doc.save({ incremental: true, ...options, appendInPlace: base !== null });
  const inPlace = base !== null && bytes.buffer === base.buffer && bytes.byteOffset === 0;
  const appended =
    bytes.length > original.length &&
    (inPlace || Buffer.compare(bytes.subarray(0, original.length), original) === 0);
  return { bytes, appended, prefix };
}

/** `bytes` (what `doc` stands for) with room after them that is ours to write, as doc's base. */
function withAppendRoom(doc: PDF, bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && writtenTo.get(bytes.buffer) === bytes.length) return bytes;
  const moved = new Uint8Array(new SharedArrayBuffer(bytes.length + APPEND_ROOM), 0, bytes.length);
  moved.set(bytes);
  writtenTo.set(moved.buffer, moved.length);
  (doc as unknown as SaveBase).originalBytes = moved;
  return moved;
}

/**
 * Makes `doc`, just saved incrementally as `saved` (its placeholders since filled in, same
 * length), stand for `saved`: the next save appends to it and points back at its
 * cross-reference section. What libpdf's own `reload` achieves by parsing the whole file again;
 * the save has already folded the new objects into the loaded ones and cleared what was dirty.
 * The signature dictionary's /Contents and /ByteRange, filled in the bytes only, are set in the
 * parsed document by the caller (see fillPlaceholders' `inStep`).
 */
export function keepInStep(doc: PDF, saved: Uint8Array, hash: Hash): void {
  const base = doc as unknown as SaveBase;
  if (!(base.originalBytes instanceof Uint8Array) || typeof base.originalXRefOffset !== 'number') {
    // A libpdf whose internals moved: fail loudly in the tests rather than write a broken chain.
    throw new Error('@libpdf/core: the incremental save base is not where this code expects it');
  }
  const offset = lastStartXref(saved);
  if (offset === null) throw new Error('The saved update has no startxref');
  base.originalBytes = saved;
  base.originalXRefOffset = offset;
  // The newest version of its buffer: the next update may be written after it (saveAppended).
  if (saved.byteOffset === 0) writtenTo.set(saved.buffer, saved.length);
  keepHashState(doc, saved, hash);
  // libpdf numbers an update's cross-reference stream with the next free object number without
  // taking it; a parse of the file would start after it, and so does the next update.
  if (doc.usesXRefStreams) doc.context.registry.allocateRef();
}

/**
 * The SHA-256 state over exactly the bytes a parsed document stands for (not finalised), by
 * document: the next update starts with those bytes unchanged, so its digests (the byte range,
 * the blob key) continue a copy of the state over what it appends instead of hashing the whole
 * file again (≈ 1.5 ms per pass on the 1.2 MB bench document; a completing signature made four).
 * Kept with the `bytes` array it was taken over: a state is only used for that same array, at
 * the same length (a buffer handed to another thread reads as empty).
 */
const hashStates = new WeakMap<PDF, { bytes: Uint8Array; length: number; hash: Hash }>();

/** Keeps `hash`, the state over all of `bytes`, as the hash state of `doc` (which stands for them). */
export function keepHashState(doc: PDF, bytes: Uint8Array, hash: Hash): void {
  hashStates.set(doc, { bytes, length: bytes.length, hash });
}

/** A copy of the SHA-256 state over `bytes` kept with `doc`; null when none is kept for them. */
export function hashStateOf(doc: PDF | undefined, bytes: Uint8Array): Hash | null {
  const state = doc ? hashStates.get(doc) : undefined;
  if (!state || state.bytes !== bytes || bytes.length !== state.length) return null;
  return state.hash.copy();
}

/**
 * The bytes `doc` stands for: the file it was parsed from, or the last update kept in step. For
 * a kept document (parsed-cache.ts) they are the stored version itself, so a signature on it
 * needs no read of the blob.
 */
export function versionBytes(doc: PDF): Uint8Array {
  const bytes = (doc as unknown as SaveBase).originalBytes;
  if (!(bytes instanceof Uint8Array)) {
    throw new Error('@libpdf/core: the incremental save base is not where this code expects it');
  }
  return bytes;
}
