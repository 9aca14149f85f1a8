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
 * Makes `doc`, just saved incrementally as `saved` (its placeholders since filled in, same
 * length), stand for `saved`: the next save appends to it and points back at its
 * cross-reference section. What libpdf's own `reload` achieves by parsing the whole file again;
 * the save has already folded the new objects into the loaded ones and cleared what was dirty.
 * The signature dictionary's /Contents and /ByteRange, filled in the bytes only, are set in the
 * parsed document by the caller (see fillPlaceholders' `inStep`).
 */
export function keepInStep(doc: PDF, saved: Uint8Array): void {
  const base = doc as unknown as SaveBase;
  if (!(base.originalBytes instanceof Uint8Array) || typeof base.originalXRefOffset !== 'number') {
    // A libpdf whose internals moved: fail loudly in the tests rather than write a broken chain.
    throw new Error('@libpdf/core: the incremental save base is not where this code expects it');
  }
  const offset = lastStartXref(saved);
  if (offset === null) throw new Error('The saved update has no startxref');
  base.originalBytes = saved;
  base.originalXRefOffset = offset;
  // libpdf numbers an update's cross-reference stream with the next free object number without
  // taking it; a parse of the file would start after it, and so does the next update.
  if (doc.usesXRefStreams) doc.context.registry.allocateRef();
}
