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
import { embedFont, type FontWeight } from './stamp/fonts.ts';
import { layOutStamp, type Rgb, type StampContent, type StampOp } from './stamp/layout.ts';

/**
 * The visual signature in a PDF: a form XObject (the widget's normal appearance) that draws the
 * stamp's operations (stamp/layout.ts) with Noto Sans embedded as a Type 0 font (Identity-H,
 * subset when the document is saved with `subsetFonts`, with a ToUnicode map so text extraction
 * returns the names as written) and the signature image as an image XObject.
 */

const fmt = (n: number) => (Math.round(n * 1000) / 1000).toString();
const colour = (c: Rgb) => c.map(fmt).join(' ');

/** Fonts of one document, embedded on first use. */
export type DocumentFonts = Partial<Record<FontWeight, EmbeddedFont>>;

const embedded = new WeakMap<PDF, DocumentFonts>();

function fontOf(doc: PDF, weight: FontWeight): EmbeddedFont {
  let fonts = embedded.get(doc);
  if (!fonts) {
    fonts = {};
    embedded.set(doc, fonts);
  }
  let font = fonts[weight];
  if (!font) {
    font = embedFont(doc, weight);
    fonts[weight] = font;
  }
  return font;
}

const RESOURCE: Record<FontWeight, string> = { regular: 'F1', bold: 'F2' };

/** The content stream of `ops`, with text encoded for the document's embedded fonts. */
function contentOf(doc: PDF, ops: readonly StampOp[]): string {
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
        const gids = fontOf(doc, o.weight).encodeTextToGids(o.text);
        const hex = gids.map((g) => g.toString(16).padStart(4, '0')).join('');
        out.push(
          `${colour(o.color)} rg`,
          'BT',
          `/${RESOURCE[o.weight]} ${fmt(o.size)} Tf`,
          `${fmt(o.x)} ${fmt(o.y)} Td`,
          `<${hex}> Tj`,
          'ET',
        );
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
): PdfRef {
  const ops = layOutStamp(width, height, content);
  const body = contentOf(doc, ops);
  const fonts: Record<string, PdfRef> = {};
  for (const weight of ['regular', 'bold'] as const) {
    const font = embedded.get(doc)?.[weight];
    if (font) fonts[RESOURCE[weight]] = doc.fonts.getRef(font);
  }
  const resources: Record<string, PdfDict> = { Font: PdfDict.of(fonts) };
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
