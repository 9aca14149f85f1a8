import { Standard14Font } from '@libpdf/core';

/**
 * The visual signature: a form XObject content stream drawn in the signature widget.
 * Text is set in Helvetica (a standard font every viewer has) with WinAnsi encoding.
 */

const helvetica = Standard14Font.of('Helvetica');
const helveticaBold = Standard14Font.of('Helvetica-Bold');

/** Unicode code points of Windows-1252 bytes 0x80–0x9F; the rest of Latin-1 maps to itself. */
const CP1252_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** Text the font can show: characters outside WinAnsi become '?'. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    const ok =
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      CP1252_HIGH[code] !== undefined;
    out += ok ? char : '?';
  }
  return out;
}

/** A PDF literal string of WinAnsi bytes, non-ASCII as octal escapes so the stream stays ASCII. */
function literal(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    const byte = CP1252_HIGH[code] ?? code;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `${out})`;
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

export type AppearanceOptions = {
  width: number;
  height: number;
  /** The first line is the signer's name in bold; the others (reason, date, …) follow smaller. */
  lines: readonly string[];
};

/** Font resource names the content stream uses; the caller puts matching fonts into /Resources. */
export const APPEARANCE_FONTS = { F1: 'Helvetica', F2: 'Helvetica-Bold' } as const;

/** Content stream of the signature box: a thin frame and the lines, each shrunk to fit the width. */
export function appearanceContent({ width, height, lines }: AppearanceOptions): string {
  const pad = Math.min(8, width / 20, height / 10);
  const inner = width - 2 * pad;
  const texts = lines.map(toWinAnsi).filter((line) => line.length > 0);
  const ops = [
    'q',
    '0.2 0.3 0.55 RG 0.75 w',
    `0.375 0.375 ${fmt(width - 0.75)} ${fmt(height - 0.75)} re S`,
    '0.2 0.3 0.55 rg',
    `${fmt(pad)} ${fmt(height * 0.62)} m ${fmt(width - pad)} ${fmt(height * 0.62)} l S`,
  ];
  if (texts.length > 0) {
    const [first = '', ...rest] = texts;
    // Name above the line, details below, sizes chosen to fit both the width and the height.
    const nameSize = Math.min(height * 0.22, 18, fit(helveticaBold, first, inner));
    ops.push(
      'BT',
      `/F2 ${fmt(nameSize)} Tf`,
      `${fmt(pad)} ${fmt(height * 0.62 + pad * 0.75)} Td`,
      `${literal(first)} Tj`,
      'ET',
    );
    if (rest.length > 0) {
      const room = height * 0.62 - 2 * pad;
      const baseSize = Math.min(9, room / (rest.length * 1.25));
      let y = height * 0.62 - pad - baseSize;
      ops.push('0 0 0 rg');
      for (const line of rest) {
        const size = Math.min(baseSize, fit(helvetica, line, inner));
        ops.push(
          'BT',
          `/F1 ${fmt(size)} Tf`,
          `${fmt(pad)} ${fmt(y)} Td`,
          `${literal(line)} Tj`,
          'ET',
        );
        y -= baseSize * 1.25;
      }
    }
  }
  ops.push('Q');
  return ops.join('\n');
}

function fit(font: Standard14Font, text: string, width: number): number {
  const at10 = font.widthOfTextAtSize(text, 10);
  return at10 > 0 ? (10 * width) / at10 : 10;
}
