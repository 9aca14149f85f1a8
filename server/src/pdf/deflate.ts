import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type PDF, PdfName, PdfStream } from '@libpdf/core';
import { Lru } from '../lru.ts';

/**
 * zlib level of the streams Signet writes into an incremental update (font subsets, ToUnicode
 * maps, the stamp's content, DSS certificates and revocation data): zlib's default. Measured on
 * the sealing bench's one-page invoices (CPU per document for signature, DSS and document time
 * stamp): pako at its default level 28.5 ms; node's zlib 17.1 ms at level 1, 17.3 ms at level 6,
 * 19.3 ms at level 9 (within the noise of a loaded machine), level 1 writing ≈ 120 bytes more
 * per document (of a ≈ 25 KB update). The gain is leaving pako, not the level.
 */
export const UPDATE_DEFLATE_LEVEL = 6;

/**
 * Deflated streams by their content (sha256 and length), most recently used last. The streams
 * Signet adds repeat across documents: the DSS of every document a batch seals holds the same
 * certificates and OCSP responses, and the stamp font subsets of the same glyphs are the same
 * bytes. zlib is deterministic, so a stream met before gets the bytes it got then, without
 * compressing it again. Bounded by entries and bytes (a stream over the bytes is not kept).
 */
const packed = new Lru<string, Uint8Array>({
  entries: 128,
  weight: 4 * 1024 * 1024,
  weigh: (bytes) => bytes.length,
});

/** The stream's bytes deflated, or null when they would not shrink (cached both ways). */
export function deflateOnce(raw: Uint8Array): Uint8Array | null {
  const key = `${raw.length}:${createHash('sha256').update(raw).digest('base64')}`;
  let kept = packed.get(key);
  if (!kept) {
    const out = deflateSync(raw, { level: UPDATE_DEFLATE_LEVEL });
    // Empty: the stream does not shrink.
    kept =
      out.length < raw.length
        ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength)
        : new Uint8Array(0);
    packed.set(key, kept);
  }
  return kept.length === 0 ? null : kept;
}

/**
 * Compresses the streams this update adds with node's zlib before libpdf saves it, so libpdf
 * (which leaves a stream that has a /Filter alone) does not run pako's JavaScript deflate on
 * them: pako sets up its 64 KB window and hash tables for every stream, a cost that dominated
 * a signature's PDF work for the many small streams of a stamp. Embedded fonts are laid out
 * first (what `save` would do first), so their subsets are among the streams compressed here.
 * Streams shorter than `threshold` bytes stay as they are; a stream that would not shrink too.
 * A stream met before (`deflateOnce`) is not compressed again.
 */
export function deflateNewStreams(
  doc: PDF,
  options: { subsetFonts?: boolean; threshold?: number } = {},
): void {
  doc.fonts.finalize(options.subsetFonts ?? false);
  const threshold = options.threshold ?? 0;
  for (const object of doc.context.registry.getNewObjects().values()) {
    if (!(object instanceof PdfStream) || object.has('Filter')) continue;
    const raw = object.data;
    if (raw.length < threshold || raw.length === 0) continue;
    const deflated = deflateOnce(raw);
    if (!deflated) continue;
    object.setData(deflated);
    object.set('Filter', PdfName.of('FlateDecode'));
  }
}
