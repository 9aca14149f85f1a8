import { encode } from 'uqr';
import { type FontWeight, printable, textWidth } from './fonts.ts';

/**
 * The visual signature ("stamp") as a list of drawing operations, laid out once and drawn twice:
 * into the signature widget's appearance stream (appearance.ts) and into the PNG preview
 * (preview.ts). Coordinates are PDF points with the origin at the box's bottom-left corner.
 *
 * ```
 * ┌────────────────────────────────────┬──────┐
 * │  signature image, or the name      │  QR  │
 * │ ───────────────────────────────────│ code │
 * │  name (bold, under an image)       │      │
 * │  details: standard, date, …        │      │
 * └────────────────────────────────────┴──────┘
 * ```
 */
export type StampContent = {
  /** The first line is the signer's name (bold); the others are details, in order. */
  lines: readonly string[];
  /** A signature image (PNG or JPEG bytes as stored) drawn above the rule instead of the name. */
  image?: StampImage;
  /** Text (a URL) shown as a QR code at the right edge. */
  qr?: string;
};

export type StampImage = {
  bytes: Uint8Array;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** The pixels ready for a PDF (signature-image.worker.ts), so signing decodes nothing. */
  pdf?: Uint8Array;
};

export type Rgb = readonly [number, number, number];

export type StampOp =
  | { op: 'frame'; x: number; y: number; width: number; height: number; color: Rgb }
  | { op: 'rule'; x1: number; x2: number; y: number; color: Rgb }
  | {
      op: 'text';
      text: string;
      weight: FontWeight;
      size: number;
      x: number;
      /** Baseline. */
      y: number;
      color: Rgb;
    }
  | { op: 'image'; x: number; y: number; width: number; height: number }
  /** A QR code: `modules[row][column]`, row 0 at the top; one module is `module` points. */
  | { op: 'qr'; x: number; y: number; module: number; modules: boolean[][] };

/** Signet's ink for frames and names (dark blue) and for details (near black). */
export const STAMP_COLOURS = {
  frame: [0.2, 0.3, 0.55],
  name: [0.2, 0.3, 0.55],
  text: [0.1, 0.1, 0.12],
} as const;

/** The QR code's mask pattern (ISO/IEC 18004 mask 0, a checkerboard). */
const QR_MASK = 0;

/** The operations that draw `content` in a `width` × `height` box. */
export function layOutStamp(width: number, height: number, content: StampContent): StampOp[] {
  const pad = Math.min(8, width / 20, height / 10);
  const ops: StampOp[] = [
    {
      op: 'frame',
      x: 0.375,
      y: 0.375,
      width: width - 0.75,
      height: height - 0.75,
      color: STAMP_COLOURS.frame,
    },
  ];
  let right = width - pad;
  if (content.qr) {
    // One fixed mask: every decoder reads all eight, and scoring them (the encoder's choice when
    // left to it) was 97% of the QR code's time and 40% of the PDF work of a signature.
    const qr = encode(content.qr, { ecc: 'M', border: 0, maskPattern: QR_MASK });
    const side = Math.min(height - 2 * pad, width * 0.3);
    const module = side / qr.size;
    ops.push({ op: 'qr', x: width - pad - side, y: pad, module, modules: qr.data });
    right = width - 2 * pad - side;
  }
  const inner = Math.max(1, right - pad);
  const ruleY = height * 0.62;
  ops.push({ op: 'rule', x1: pad, x2: right, y: ruleY, color: STAMP_COLOURS.frame });

  const [rawName = '', ...rawDetails] = content.lines;
  const name = printable('bold', rawName);
  const details = rawDetails.map((l) => printable('regular', l)).filter((l) => l.length > 0);
  const below: { text: string; weight: FontWeight }[] = details.map((text) => ({
    text,
    weight: 'regular',
  }));
  if (content.image) {
    // The image fills the space above the rule; the name leads the details below.
    const box = {
      x: pad,
      y: ruleY + pad * 0.5,
      width: inner,
      height: height - pad - ruleY - pad * 0.5,
    };
    const scale = Math.min(box.width / content.image.width, box.height / content.image.height);
    const w = content.image.width * scale;
    const h = content.image.height * scale;
    ops.push({ op: 'image', x: box.x, y: box.y + (box.height - h) / 2, width: w, height: h });
    if (name) below.unshift({ text: name, weight: 'bold' });
  } else if (name) {
    const size = Math.min(height * 0.22, 18, fit('bold', name, inner));
    ops.push({
      op: 'text',
      text: name,
      weight: 'bold',
      size,
      x: pad,
      y: ruleY + pad * 0.75,
      color: STAMP_COLOURS.name,
    });
  }
  if (below.length > 0) {
    const room = ruleY - 2 * pad;
    const base = Math.min(9, room / (below.length * 1.25));
    let y = ruleY - pad - base;
    for (const line of below) {
      ops.push({
        op: 'text',
        text: line.text,
        weight: line.weight,
        size: Math.min(base, fit(line.weight, line.text, inner)),
        x: pad,
        y,
        color: line.weight === 'bold' ? STAMP_COLOURS.name : STAMP_COLOURS.text,
      });
      y -= base * 1.25;
    }
  }
  return ops;
}

/** The size at which `text` is exactly `width` wide. */
function fit(weight: FontWeight, text: string, width: number): number {
  const at10 = textWidth(weight, text, 10);
  return at10 > 0 ? (10 * width) / at10 : 10;
}
