import { type PDF, type PdfDict, type PdfObject, type PdfRef, PdfStream } from '@libpdf/core';
import { type FontWeight, fontMetrics } from './fonts.ts';

/**
 * Fonts an earlier Signet stamp embedded in the same document, to draw the next stamps with
 * instead of embedding the same subsets again (≈ 4 KB per weight and signature).
 *
 * Only objects Signet wrote are taken: numbered from the uploaded file's trailer /Size on (every
 * later object comes from an incremental update of ours), never a font of the uploader, whose
 * glyphs could draw something other than what its ToUnicode map says. Of each such font, a glyph
 * is reused only when everything agrees with the font Signet draws with today: the ToUnicode map
 * names the character, the character's glyph id (the CID: stamps keep the original glyph ids,
 * with a CIDToGIDMap into the subset) is the one Noto Sans gives it, the subset holds the glyph
 * and /W has its width. Anything else is simply not reused.
 */
export type ReusedFont = {
  ref: PdfRef;
  weight: FontWeight;
  /** Character (code point) → CID in this font. */
  cids: ReadonlyMap<number, number>;
};

const BASE_FONT = /^[A-Z]{6}\+(.+)$/;

/**
 * What `readFont` made of each font, per parsed document and font object (with the `ownFrom` it
 * was read under). A font a stamp wrote is final (its subset, map and widths are written once and
 * never changed by a later update), and a parsed document is kept from one signature to the next
 * (parsed-cache.ts): the next stamp does not decode the same streams again.
 */
const readFonts = new WeakMap<PDF, Map<string, ReusedFont | null>>();

/**
 * The Signet fonts of the stamps already in `doc` whose objects are numbered ≥ `ownFrom`. Reuse
 * only saves bytes: whatever cannot be read so gives none, and the stamp embeds its own.
 */
export function reusableFonts(doc: PDF, ownFrom: number): ReusedFont[] {
  try {
    return findFonts(doc, ownFrom);
  } catch {
    return [];
  }
}

function findFonts(doc: PDF, ownFrom: number): ReusedFont[] {
  const resolve = (o: PdfObject | undefined): PdfObject | undefined =>
    o?.type === 'ref' ? (doc.context.resolve(o) ?? undefined) : o;
  const own = (o: PdfObject | undefined): o is PdfRef =>
    o?.type === 'ref' && o.objectNumber >= ownFrom;
  const seen = new Set<number>();
  const out: ReusedFont[] = [];
  let known = readFonts.get(doc);
  if (!known) {
    known = new Map();
    readFonts.set(doc, known);
  }
  for (const field of doc.getForm()?.getSignatureFields() ?? []) {
    const ap = resolve(field.getDict().get('AP'));
    const normal = ap?.type === 'dict' ? ap.get('N') : undefined;
    if (!own(normal)) continue;
    const stream = resolve(normal);
    if (stream?.type !== 'stream') continue;
    const resources = resolve(stream.get('Resources'));
    const fonts = resources?.type === 'dict' ? resolve(resources.get('Font')) : undefined;
    if (fonts?.type !== 'dict') continue;
    for (const [, ref] of fonts) {
      if (!own(ref) || seen.has(ref.objectNumber)) continue;
      seen.add(ref.objectNumber);
      const key = `${ownFrom}:${ref.objectNumber} ${ref.generation}`;
      let font = known.get(key);
      if (font === undefined) {
        try {
          font = readFont(resolve, own, ref);
        } catch {
          // Not a font we can read: not reused.
          font = null;
        }
        known.set(key, font);
      }
      if (font) out.push(font);
    }
  }
  return out.sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
}

function readFont(
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  own: (o: PdfObject | undefined) => o is PdfRef,
  ref: PdfRef,
): ReusedFont | null {
  const type0 = resolve(ref);
  if (type0?.type !== 'dict' || nameOf(type0.get('Subtype')) !== 'Type0') return null;
  if (nameOf(type0.get('Encoding')) !== 'Identity-H') return null;
  const weight = weightOf(nameOf(type0.get('BaseFont')));
  if (!weight) return null;
  const descendants = resolve(type0.get('DescendantFonts'));
  const cidRef = descendants?.type === 'array' ? descendants.at(0) : undefined;
  const toUnicodeRef = type0.get('ToUnicode');
  if (!own(cidRef) || !own(toUnicodeRef)) return null;
  const cidFont = resolve(cidRef);
  const toUnicode = resolve(toUnicodeRef);
  if (cidFont?.type !== 'dict' || !(toUnicode instanceof PdfStream)) return null;
  if (nameOf(cidFont.get('Subtype')) !== 'CIDFontType2') return null;
  const descriptor = resolve(cidFont.get('FontDescriptor'));
  if (descriptor?.type !== 'dict' || !own(descriptor.get('FontFile2'))) return null;
  const widths = widthsOf(resolve, cidFont);
  const inSubset = subsetCheck(resolve, own, cidFont);
  if (!inSubset) return null;

  const metrics = fontMetrics(weight);
  const cids = new Map<number, number>();
  const cmap = new TextDecoder('latin1').decode(toUnicode.getDecodedData());
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]{4,8})>/g)) {
      const cid = Number.parseInt(pair[1] as string, 16);
      const codePoint = String.fromCharCode(
        ...((pair[2] as string).match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)),
      ).codePointAt(0);
      if (codePoint === undefined || cid === 0 || cids.has(codePoint)) continue;
      if (metrics.codePointToGid(codePoint) !== cid || !inSubset(cid)) continue;
      if (widths.get(cid) !== metrics.getWidth(codePoint)) continue;
      cids.set(codePoint, cid);
    }
  }
  return cids.size > 0 ? { ref, weight, cids } : null;
}

const nameOf = (o: PdfObject | undefined): string | null => (o?.type === 'name' ? o.value : null);

/** Regular or bold Noto Sans, by the subset's PostScript name. */
function weightOf(baseFont: string | null): FontWeight | null {
  const name = baseFont && BASE_FONT.exec(baseFont)?.[1];
  if (!name) return null;
  for (const weight of ['regular', 'bold'] as const) {
    if (fontMetrics(weight).program.postScriptName === name) return weight;
  }
  return null;
}

/** CID → width from a CIDFont's /W (both forms: `c [w1 w2 …]` and `c1 c2 w`). */
function widthsOf(
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  cidFont: PdfDict,
): Map<number, number> {
  const out = new Map<number, number>();
  const w = resolve(cidFont.get('W'));
  if (w?.type !== 'array') return out;
  const items = [...w].map(resolve);
  const num = (o: PdfObject | undefined) => (o?.type === 'number' ? o.value : Number.NaN);
  for (let i = 0; i < items.length; ) {
    const first = num(items[i]);
    const next = items[i + 1];
    if (next?.type === 'array') {
      [...next].forEach((width, k) => {
        out.set(first + k, num(resolve(width)));
      });
      i += 2;
    } else {
      const last = num(next);
      const width = num(items[i + 2]);
      for (let c = first; c <= last && c - first < 65536; c++) out.set(c, width);
      i += 3;
    }
  }
  return out;
}

/** Whether a CID has a glyph in the embedded subset (its CIDToGIDMap entry is not 0). */
function subsetCheck(
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  own: (o: PdfObject | undefined) => o is PdfRef,
  cidFont: PdfDict,
): ((cid: number) => boolean) | null {
  const map = cidFont.get('CIDToGIDMap');
  if (!own(map)) return null;
  const stream = resolve(map);
  if (!(stream instanceof PdfStream)) return null;
  const data = stream.getDecodedData();
  return (cid) => cid * 2 + 1 < data.length && (data[cid * 2] !== 0 || data[cid * 2 + 1] !== 0);
}
