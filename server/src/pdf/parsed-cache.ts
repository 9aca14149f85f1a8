import { createHash } from 'node:crypto';
import type { PDF } from '@libpdf/core';
import { Lru } from '../lru.ts';
import { forgetStampFonts } from './appearance.ts';
import { keepHashState, type PdfVersion } from './in-step.ts';
import { loadPdf } from './inspect.ts';

/**
 * Parsed documents of versions Signet just stored, by their SHA-256 (the blob key), for the next
 * signature of the same request: parsing is most of a signature's PDF work on real files (libpdf
 * resolves every page, ≈ 15 ms for the 1.2 MB pdfTeX bench document) and the parsed document of
 * the version a signature wrote is already in hand (in-step.ts). A cache, never a source of
 * truth: a miss (another instance, a restart, evicted) parses the stored bytes as before.
 *
 * `take` hands the document over and forgets it, so two signatures never share one (the second
 * parses), and a signature that fails halfway never puts back a document it changed.
 *
 * A signature that waits for its signer's TAN also has its documents parsed ahead
 * (`parseAhead`, while the signer reads the code), so the signing call finds them here.
 */
const MAX_DOCUMENTS = 8;
/** Sum of the files' sizes; a parsed document takes a few times its file in memory. */
const MAX_FILE_BYTES = 48 * 1024 * 1024;

const kept = new Lru<string, { doc: PDF; size: number }>({
  entries: MAX_DOCUMENTS,
  weight: MAX_FILE_BYTES,
  weigh: (entry) => entry.size,
});
/** Parses started by `parseAhead`, by key, until they are kept (or failed). */
const pending = new Map<string, Promise<void>>();

/** Keeps the parsed document of `version` for a later signature; false when it is too large. */
export function keepParsed(version: PdfVersion): boolean {
  const size = version.bytes.length;
  // A libpdf that keeps its fonts elsewhere would stamp with final subsets: do not keep.
  if (size > MAX_FILE_BYTES / 4 || !('_fonts' in version.doc)) return false;
  // The stamp just saved made its font subsets final: a fresh font set for the next stamp, which
  // finds the saved ones in the file like a fresh parse does. (libpdf's own reload does the same.)
  (version.doc as unknown as { _fonts: unknown })._fonts = null;
  forgetStampFonts(version.doc);
  kept.set(version.sha256, { doc: version.doc, size });
  return true;
}

/**
 * Parses the stored version `sha256` (`size` bytes, from `read`; null: gone) and keeps it, unless it
 * is kept or being parsed already, or too large to keep. For a signature known to come (the TAN
 * step): the parse runs while the signer types the code instead of in the signing call. Never
 * throws: a version that cannot be parsed is simply not kept (the signature reports it).
 */
export function parseAhead(
  sha256: string,
  size: number,
  read: () => Promise<Uint8Array | null>,
): Promise<void> {
  const running = pending.get(sha256);
  if (running) return running;
  if (kept.has(sha256) || size > MAX_FILE_BYTES / 4) return Promise.resolve();
  const work = (async () => {
    const bytes = await read();
    if (!bytes || bytes.length > MAX_FILE_BYTES / 4) return;
    // A version Signet stored (the upload was checked for encryption then), as signing reads it.
    const doc = await loadPdf(bytes, { stored: true });
    // Hashed here too, off the signing call: the signature's digests then cover only its update
    // (in-step.ts). Bytes that are not the version asked for are not kept.
    const hash = createHash('sha256').update(bytes);
    if (hash.copy().digest('hex') !== sha256) return;
    keepHashState(doc, bytes, hash);
    if (!kept.has(sha256)) kept.set(sha256, { doc, size: bytes.length });
  })()
    .catch(() => {})
    .finally(() => pending.delete(sha256));
  pending.set(sha256, work);
  return work;
}

/** Whether the parsed document of `sha256` is kept (not handed over). */
export const isParsedKept = (sha256: string): boolean => kept.has(sha256);

/** `takeParsed`, once a parse ahead of `sha256` that is running has finished. */
export async function takeParsedWhenReady(sha256: string): Promise<PDF | undefined> {
  await pending.get(sha256);
  return takeParsed(sha256);
}

/** The parsed document of the stored version `sha256`, handed over; undefined if none is kept. */
export function takeParsed(sha256: string): PDF | undefined {
  return kept.delete(sha256)?.doc;
}
