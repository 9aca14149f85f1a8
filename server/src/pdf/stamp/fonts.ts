import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type EmbeddedFont, PDF, type PdfRef } from '@libpdf/core';

/**
 * The one typeface Signet draws names with: Noto Sans (SIL Open Font License 1.1, which allows
 * embedding; from the npm package `@expo-google-fonts/noto-sans`, static TrueType files), in a
 * regular and a bold weight. It covers Latin, Greek and Cyrillic, so "Łukasz Żółć-Ελένη" prints
 * as written. Every PDF gets only the glyphs it uses (subset at save time), and the PNG preview
 * draws with the same files, so preview and signature agree.
 */
export const STAMP_FONT_FAMILY = 'Signet Noto Sans';

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

const bytes = new Map<FontWeight, Uint8Array>();
const metrics = new Map<FontWeight, EmbeddedFont>();

/** The TrueType file of a weight (read once per process). */
export function fontBytes(weight: FontWeight): Uint8Array {
  let out = bytes.get(weight);
  if (!out) {
    out = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(FILES[weight])));
    bytes.set(weight, out);
  }
  return out;
}

/**
 * A parsed font for measuring text outside a document (layout, preview). Not embedded anywhere:
 * documents embed their own instance (`embedFont`), which tracks its subset.
 */
export function fontMetrics(weight: FontWeight): EmbeddedFont {
  let font = metrics.get(weight);
  if (!font) {
    // EmbeddedFont is not exported on its own: a scratch document parses it (never saved).
    font = PDF.create().embedFont(fontBytes(weight));
    metrics.set(weight, font);
  }
  return font;
}

type FontInternals = {
  embeddedFonts?: Map<EmbeddedFont, PdfRef>;
  ctx?: { registry?: { allocateRef?: () => PdfRef } };
};

/**
 * Embeds a weight from the font parsed once per process (`fontMetrics`), not from its bytes:
 * `doc.embedFont` parses the 630 KB TrueType file again for every document (its cmap and post
 * tables took most of a signature's font time). libpdf 0.4 offers no public way to embed a
 * parsed font, so this does what `PDFFonts.embed` does with `EmbeddedFont.fromTrueTypeFont`;
 * when those internals are not there (another libpdf), null, and the caller parses as before.
 */
function embedParsedFont(doc: PDF, weight: FontWeight): EmbeddedFont | null {
  const parsed = fontMetrics(weight) as unknown as {
    constructor: { fromTrueTypeFont?: (font: unknown, data: Uint8Array) => EmbeddedFont };
    program?: { font?: unknown };
  };
  const fonts = doc.fonts as unknown as FontInternals;
  const make = parsed.constructor.fromTrueTypeFont;
  const allocate = fonts.ctx?.registry?.allocateRef;
  if (!make || !parsed.program?.font || !fonts.embeddedFonts || !allocate) return null;
  const font = make.call(parsed.constructor, parsed.program.font, fontBytes(weight));
  const ref = allocate.call(fonts.ctx?.registry);
  fonts.embeddedFonts.set(font, ref);
  font.setRef(ref);
  return font;
}

/**
 * A weight embedded in `doc` (subset when the document is saved with `subsetFonts`): from the
 * parsed font when libpdf's internals allow, else parsed from the file.
 */
export function embedFont(doc: PDF, weight: FontWeight): EmbeddedFont {
  return embedParsedFont(doc, weight) ?? doc.embedFont(fontBytes(weight));
}

/**
 * Width of `text` at `size` points in a weight: libpdf's sum of the characters' advance widths
 * (in thousandths of the size, rounded per glyph), each asked of the font once per process (a
 * stamp's layout measures every line; libpdf looks each glyph up again and records it as used).
 */
export function textWidth(weight: FontWeight, text: string, size: number): number {
  const known = advanceWidths[weight];
  let total = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    let width = known.get(code);
    if (width === undefined) {
      width = fontMetrics(weight).getWidth(code);
      known.set(code, width);
    }
    total += width;
  }
  return (total * size) / 1000;
}
const advanceWidths: Record<FontWeight, Map<number, number>> = {
  regular: new Map(),
  bold: new Map(),
};

/**
 * The text with characters the font has no glyph for replaced by U+FFFD's stand-in "?" (Noto Sans
 * covers Latin, Greek and Cyrillic; a CJK name would otherwise print as empty boxes). Control
 * characters are dropped.
 */
export function printable(weight: FontWeight, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    out += hasGlyph(weight, char, code) ? char : '?';
  }
  return out;
}

/**
 * Per weight, whether the font has a glyph for a code point, asked of libpdf once each: a stamp's
 * layout asks for every character of every line it tries (its cmap lookup took ≈ 1–3 ms of a
 * signature at load).
 */
const glyphs: Record<FontWeight, Map<number, boolean>> = { regular: new Map(), bold: new Map() };
function hasGlyph(weight: FontWeight, char: string, code: number): boolean {
  let has = glyphs[weight].get(code);
  if (has === undefined) {
    has = fontMetrics(weight).canEncode(char);
    glyphs[weight].set(code, has);
  }
  return has;
}
