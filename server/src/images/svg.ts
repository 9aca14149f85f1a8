import { AppError } from '../errors.ts';

/**
 * SVG images (a seal's logo), made safe before anything renders them: the document must be one
 * self-contained `<svg>` — no DOCTYPE or entities (XML bombs, external entities), no reference to
 * anything outside itself (`href`/`xlink:href`/`url(…)` to a file or an address; only `#fragment`
 * and embedded PNG/JPEG `data:` URIs), no `<script>` or `<foreignObject>`. The root's size is then
 * rewritten to the stored box, so the renderer never allocates more than that whatever the file
 * claims. The rasterised pixels are all that is kept (signature-image.worker.ts): the SVG itself is
 * never stored or served.
 */

const refused = (why: string) =>
  new AppError('UNSUPPORTED_IMAGE', 415, `This SVG cannot be used: ${why}.`, { reason: why });

/** True when the bytes are text whose first element is `<svg` (after an XML declaration/comments). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 2048));
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    head,
  );
}

const LENGTH = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/i;

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'is').exec(tag);
  return m ? (m[2] ?? '') : null;
}

/**
 * The SVG checked (see above) with its root sized to fit `maxWidth` × `maxHeight` at its own
 * aspect ratio (from viewBox, else width/height, else 300 × 150 as browsers do) and a viewBox, so
 * its drawing scales into that box.
 */
export function sizedSvg(bytes: Uint8Array, maxWidth: number, maxHeight: number): Uint8Array {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('it is not UTF-8 text');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refused('it declares a DOCTYPE or entities');
  if (/<\s*(script|foreignObject)\b/i.test(text)) throw refused('it contains a script or HTML');
  for (const m of text.matchAll(/\b(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gis)) {
    const target = (m[2] ?? '').trim();
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg);base64,/i.test(target)) {
      throw refused('it refers to a file or an address outside itself');
    }
  }
  for (const m of text.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gis)) {
    if (!(m[2] ?? '').trim().startsWith('#')) {
      throw refused('it refers to a file or an address outside itself');
    }
  }
  if (/@import/i.test(text)) throw refused('it imports a style sheet');
  const open = /<svg\b[^>]*>/i.exec(text);
  if (!open) throw refused('it has no <svg> element');
  const root = open[0];
  const viewBox = attribute(root, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const declared = (name: string) => {
    const v = attribute(root, name);
    const m = v ? LENGTH.exec(v) : null;
    return m ? Number(m[1]) : null;
  };
  let width = declared('width');
  let height = declared('height');
  const box =
    viewBox?.length === 4 &&
    viewBox.every(Number.isFinite) &&
    (viewBox[2] ?? 0) > 0 &&
    (viewBox[3] ?? 0) > 0
      ? viewBox
      : null;
  if (!box && (!width || !height)) {
    width = 300;
    height = 150;
  }
  const aspectW = box ? (box[2] as number) : (width as number);
  const aspectH = box ? (box[3] as number) : (height as number);
  const scale = Math.min(maxWidth / aspectW, maxHeight / aspectH);
  const w = Math.max(1, Math.round(aspectW * scale));
  const h = Math.max(1, Math.round(aspectH * scale));
  const viewBoxValue = box ? box.join(' ') : `0 0 ${aspectW} ${aspectH}`;
  const rest = root
    .replace(/^<svg\b/i, '')
    .replace(/\s(width|height|viewBox|preserveAspectRatio)\s*=\s*(["']).*?\2/gis, '');
  const sized = `<svg width="${w}" height="${h}" viewBox="${viewBoxValue}"${rest}`;
  return new TextEncoder().encode(
    text.slice(0, open.index) + sized + text.slice(open.index + root.length),
  );
}
