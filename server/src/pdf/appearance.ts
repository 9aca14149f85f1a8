import {
  type EmbeddedFont,
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfStream,
} from '@libpdf/core';
import { embedFont, type FontWeight, printable } from './stamp/fonts.ts';
import { layOutStamp, type Rgb, type StampContent, type StampOp } from './stamp/layout.ts';
import type { ReusedFont } from './stamp/reused-fonts.ts';

/**
 * The visual signature in a PDF: a form XObject (the widget's normal appearance) that draws the
 * stamp's operations (stamp/layout.ts) with Noto Sans embedded as a Type 0 font (Identity-H,
 * subset when the document is saved with `subsetFonts`, with a ToUnicode map so text extraction
 * returns the names as written) and the signature image as an image XObject.
 */

const fmt = (n: number) => (Math.round(n * 1000) / 1000).toString();
const colour = (c: Rgb) => c.map(fmt).join(' ');

/**
 * How the stamps of one signing draw their text: with glyphs of fonts an earlier Signet stamp of
 * the document embedded (`reused`, see stamp/reused-fonts.ts) where they have them, else with a
 * new subset of the weight, embedded on first use. The first subset of a weight in a document
 * also takes the glyphs of `plan` (the digits, the request's names and addresses: what the next
 * signers' stamps will likely show), so later stamps find them and embed nothing.
 */
export type StampFonts = {
  reused: readonly ReusedFont[];
  plan?: Partial<Record<FontWeight, string>>;
};

const NO_FONTS: StampFonts = { reused: [] };

const embedded = new WeakMap<PDF, Partial<Record<FontWeight, EmbeddedFont>>>();

/**
 * Forgets the fonts a stamp embedded into `doc` once they are saved (their subsets are final):
 * the next stamp on the same parsed document reuses them as a fresh parse would
 * (stamp/reused-fonts.ts) or embeds new subsets.
 */
export function forgetStampFonts(doc: PDF): void {
  embedded.delete(doc);
}

function fontOf(doc: PDF, weight: FontWeight, fonts: StampFonts): EmbeddedFont {
  let mine = embedded.get(doc);
  if (!mine) {
    mine = {};
    embedded.set(doc, mine);
  }
  let font = mine[weight];
  if (!font) {
    font = embedFont(doc, weight);
    mine[weight] = font;
    const plan = fonts.plan?.[weight];
    if (plan && !fonts.reused.some((f) => f.weight === weight)) {
      font.encodeTextToGids(printable(weight, plan).replaceAll('?', ''));
    }
  }
  return font;
}

const RESOURCE: Record<FontWeight, string> = { regular: 'F1', bold: 'F2' };
const reusedResource = (font: ReusedFont) => `S${font.ref.objectNumber}`;

/**
 * The text as runs of one font each: a reused font's glyphs where it has the character (the
 * earliest first), else the weight's new subset. Same glyph ids and widths either way, so the
 * runs line up as one string would.
 */
function textRuns(
  doc: PDF,
  weight: FontWeight,
  text: string,
  fonts: StampFonts,
): { resource: string; hex: string }[] {
  const runs: { resource: string; hex: string }[] = [];
  const candidates = fonts.reused.filter((f) => f.weight === weight);
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    const reused = candidates.find((f) => f.cids.has(codePoint));
    const resource = reused ? reusedResource(reused) : RESOURCE[weight];
    const gid = reused
      ? (reused.cids.get(codePoint) as number)
      : (fontOf(doc, weight, fonts).encodeTextToGids(char)[0] ?? 0);
    const hex = gid.toString(16).padStart(4, '0');
    const last = runs.at(-1);
    if (last?.resource === resource) last.hex += hex;
    else runs.push({ resource, hex });
  }
  return runs;
}

/** The content stream of `ops`, with text encoded for the document's embedded fonts. */
function contentOf(doc: PDF, ops: readonly StampOp[], fonts: StampFonts): string {
  const out: string[] = ['q'];
  for (const o of ops) {
    switch (o.op) {
      case 'frame':
        out.push(
          `${colour(o.color)} RG 0.75 w`,
          `${fmt(o.x)} ${fmt(o.y)} ${fmt(o.width)} ${fmt(o.height)} re S`,
        );
        break;
      case 'rule':
        out.push(
          `${colour(o.color)} RG 0.75 w`,
          `${fmt(o.x1)} ${fmt(o.y)} m ${fmt(o.x2)} ${fmt(o.y)} l S`,
        );
        break;
      case 'text': {
        out.push(`${colour(o.color)} rg`, 'BT', `${fmt(o.x)} ${fmt(o.y)} Td`);
        for (const run of textRuns(doc, o.weight, o.text, fonts)) {
          out.push(`/${run.resource} ${fmt(o.size)} Tf`, `<${run.hex}> Tj`);
        }
        out.push('ET');
        break;
      }
      case 'image':
        out.push(`q ${fmt(o.width)} 0 0 ${fmt(o.height)} ${fmt(o.x)} ${fmt(o.y)} cm /Im1 Do Q`);
        break;
      case 'qr': {
        const size = o.modules.length;
        const rects: string[] = [];
        for (let row = 0; row < size; row++) {
          const cells = o.modules[row] ?? [];
          // Runs of dark modules in a row become one rectangle.
          for (let col = 0; col < size; col++) {
            if (!cells[col]) continue;
            let end = col;
            while (end + 1 < size && cells[end + 1]) end++;
            const y = o.y + (size - 1 - row) * o.module;
            rects.push(
              `${fmt(o.x + col * o.module)} ${fmt(y)} ${fmt((end - col + 1) * o.module)} ${fmt(o.module)} re`,
            );
            col = end;
          }
        }
        out.push('0 0 0 rg', ...rects, 'f');
        break;
      }
    }
  }
  out.push('Q');
  return out.join('\n');
}

/**
 * An image XObject (DeviceRGB, with its alpha as a DeviceGray soft mask) from pixels deflated
 * when the image was stored: `[u32 length of rgb][rgb][alpha]`.
 */
function registerPreparedImage(doc: PDF, width: number, height: number, data: Uint8Array): PdfRef {
  const rgbLength = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0);
  const rgb = data.subarray(4, 4 + rgbLength);
  const alpha = data.subarray(4 + rgbLength);
  const common = {
    Type: PdfName.of('XObject'),
    Subtype: PdfName.of('Image'),
    Width: PdfNumber.of(width),
    Height: PdfNumber.of(height),
    BitsPerComponent: PdfNumber.of(8),
    Filter: PdfName.of('FlateDecode'),
  };
  const mask = doc.register(
    PdfStream.fromDict({ ...common, ColorSpace: PdfName.of('DeviceGray') }, alpha),
  );
  return doc.register(
    PdfStream.fromDict({ ...common, ColorSpace: PdfName.of('DeviceRGB'), SMask: mask }, rgb),
  );
}

/**
 * Registers the appearance of a `width` × `height` visual signature showing `content` and
 * returns its reference (for the widget's /AP /N).
 */
export function registerAppearance(
  doc: PDF,
  width: number,
  height: number,
  content: StampContent,
  fonts: StampFonts = NO_FONTS,
): PdfRef {
  const ops = layOutStamp(width, height, content);
  const body = contentOf(doc, ops, fonts);
  const used: Record<string, PdfRef> = {};
  for (const weight of ['regular', 'bold'] as const) {
    const font = embedded.get(doc)?.[weight];
    if (font) used[RESOURCE[weight]] = doc.fonts.getRef(font);
  }
  for (const font of fonts.reused) {
    const name = reusedResource(font);
    if (body.includes(`/${name} `)) used[name] = font.ref;
  }
  const resources: Record<string, PdfDict> = { Font: PdfDict.of(used) };
  if (content.image && ops.some((o) => o.op === 'image')) {
    const image = content.image;
    const ref = image.pdf
      ? registerPreparedImage(doc, image.width, image.height, image.pdf)
      : (image.format === 'png' ? doc.embedPng(image.bytes) : doc.embedJpeg(image.bytes)).ref;
    resources.XObject = PdfDict.of({ Im1: ref });
  }
  return doc.register(
    PdfStream.fromDict(
      {
        Type: PdfName.of('XObject'),
        Subtype: PdfName.of('Form'),
        BBox: PdfArray.of(
          PdfNumber.of(0),
          PdfNumber.of(0),
          PdfNumber.of(width),
          PdfNumber.of(height),
        ),
        Resources: PdfDict.of(resources),
      },
      new TextEncoder().encode(body),
    ),
  );
}
