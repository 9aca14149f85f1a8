import { deflateSync } from 'node:zlib';
import { type PDF, PdfName, PdfStream } from '@libpdf/core';

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
 * Compresses the streams this update adds with node's zlib before libpdf saves it, so libpdf
 * (which leaves a stream that has a /Filter alone) does not run pako's JavaScript deflate on
 * them: pako sets up its 64 KB window and hash tables for every stream, a cost that dominated
 * a signature's PDF work for the many small streams of a stamp. Embedded fonts are laid out
 * first (what `save` would do first), so their subsets are among the streams compressed here.
 * Streams shorter than `threshold` bytes stay as they are; a stream that would not shrink too.
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
    const packed = deflateSync(raw, { level: UPDATE_DEFLATE_LEVEL });
    if (packed.length >= raw.length) continue;
    object.setData(new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength));
    object.set('Filter', PdfName.of('FlateDecode'));
  }
}
