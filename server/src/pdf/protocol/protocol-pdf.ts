import { type EmbeddedFont, PDF, type PDFPage, rgb } from '@libpdf/core';
import type { TReport } from '@signet/shared/document/document.schema';
import type { TEvent } from '@signet/shared/signature-request/signature-request.schema';
import { embedFont } from '../stamp/fonts.ts';
import type { EvidenceText } from './evidence-text.ts';

/**
 * The protocol (signature report) of a request as a PDF: built from the evidence log and the
 * request's facts (`TReport`), in the request's language. Signing it is `sign-protocol.ts`'s.
 */

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);
const PRIMARY = rgb(0, 0.435, 0.9);

type Cursor = { page: PDFPage; y: number };
/** An embedded font (names, free text) or Courier for the hashes (ASCII hex only). */
type Font = EmbeddedFont | 'Courier';

const widthOf = (font: Font, text: string, size: number) =>
  font === 'Courier' ? text.length * 0.6 * size : font.widthOfTextAtSize(text, size);

/** Drops characters the font cannot show (control characters, and for Courier non-ASCII). */
function showable(font: Font, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 && char !== '\n') continue;
    if (font === 'Courier') out += code < 0x7f ? char : '?';
    else out += char === '\n' || font.canEncode(char) ? char : '?';
  }
  return out;
}

class Writer {
  readonly doc: PDF;
  readonly font: EmbeddedFont;
  readonly bold: EmbeddedFont;
  readonly mono: Font;
  cursor!: Cursor;

  constructor(doc: PDF, font: EmbeddedFont, bold: EmbeddedFont, mono: Font) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.mono = mono;
    this.newPage();
  }

  newPage(): void {
    const page = this.doc.addPage({ width: A4.width, height: A4.height });
    this.cursor = { page, y: A4.height - MARGIN };
  }

  ensure(height: number): void {
    if (this.cursor.y - height < MARGIN + 20) this.newPage();
  }

  /** Splits `text` into lines that fit `width` at `size`. */
  wrap(text: string, font: Font, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of showable(font, text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/(\s+)/)) {
        const next = line + word;
        if (widthOf(font, next, size) <= width || line === '') {
          // A single word longer than the line is cut hard.
          let w = next;
          while (widthOf(font, w, size) > width && w.length > 1) {
            let cut = w.length - 1;
            while (cut > 1 && widthOf(font, w.slice(0, cut), size) > width) cut--;
            lines.push(w.slice(0, cut));
            w = w.slice(cut);
          }
          line = w;
        } else {
          lines.push(line.trimEnd());
          line = word.trimStart();
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  text(
    text: string,
    options: {
      size?: number;
      font?: Font;
      color?: ReturnType<typeof rgb>;
      indent?: number;
      gap?: number;
    } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.font ?? this.font;
    const indent = options.indent ?? 0;
    const leading = size * 1.35;
    for (const line of this.wrap(text, font, size, A4.width - 2 * MARGIN - indent)) {
      this.ensure(leading);
      this.cursor.page.drawText(line, {
        x: MARGIN + indent,
        y: this.cursor.y - size,
        size,
        font,
        color: options.color ?? INK,
      });
      this.cursor.y -= leading;
    }
    this.cursor.y -= options.gap ?? 0;
  }

  heading(text: string): void {
    this.ensure(40);
    this.cursor.y -= 8;
    this.text(text, { size: 13, font: this.bold, color: PRIMARY, gap: 4 });
  }

  pair(label: string, value: string): void {
    const size = 10;
    const labelWidth = 120;
    const lines = this.wrap(value, this.font, size, A4.width - 2 * MARGIN - labelWidth);
    this.ensure(size * 1.35 * lines.length);
    this.cursor.page.drawText(showable(this.bold, label), {
      x: MARGIN,
      y: this.cursor.y - size,
      size,
      font: this.bold,
      color: MUTED,
    });
    for (const line of lines) {
      this.cursor.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.cursor.y - size,
        size,
        font: this.font,
        color: INK,
      });
      this.cursor.y -= size * 1.35;
    }
  }
}

/** The protocol as an unsigned PDF (saved without object streams, ready to be signed). */
export async function buildProtocolDocument(
  report: TReport,
  text: EvidenceText,
): Promise<Uint8Array> {
  const { t, date } = text;
  const doc = PDF.create();
  const generated = new Date(report.generated_at);
  doc.setTitle(t('protocol.documentTitle', { title: report.title }));
  doc.setAuthor('Signet');
  doc.setCreator('Signet');
  doc.setProducer('Signet');
  doc.setLanguage(text.lang);
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);
  // Noto Sans, subset at save: every name prints as written (Greek, Polish, Cyrillic, …).
  const font = embedFont(doc, 'regular');
  const bold = embedFont(doc, 'bold');
  const w = new Writer(doc, font, bold, 'Courier');
  const mono = w.mono;

  w.text(t('protocol.title'), { size: 20, font: bold, color: PRIMARY, gap: 6 });
  w.text(report.title, { size: 14, font: bold, gap: 8 });
  w.pair(t('protocol.request'), report.id);
  w.pair(t('protocol.status'), t(`status.${report.status_overall}`));
  w.pair(t('protocol.owner'), `${report.owner.name} <${report.owner.email}>`.trim());
  w.pair(t('protocol.created'), date(report.created_at));
  w.pair(t('protocol.completed'), date(report.completed_at));
  w.pair(t('protocol.generated'), date(report.generated_at));
  w.pair(
    t('protocol.evidenceLog'),
    report.integrity.ok
      ? t('protocol.integrityOk', { count: report.integrity.count })
      : t('protocol.integrityBroken', {
          at: report.integrity.brokenAt ?? '?',
          count: report.integrity.count,
        }),
  );
  const level = completedLevel(report);
  if (level) w.pair(t('protocol.level'), t('protocol.levelValue', { level }));

  w.heading(t('protocol.documents'));
  for (const d of report.documents) {
    const pages =
      d.page_count === 1 ? t('protocol.pageOne') : t('protocol.pageMany', { count: d.page_count });
    w.text(`${d.title} (${pages})`, { font: bold });
    w.text(`${t('protocol.uploadedSha')}: ${d.sha256}`, { size: 8, font: mono, indent: 10 });
    w.text(`${t('protocol.signedSha')}: ${d.signed_sha256 ?? t('protocol.dash')}`, {
      size: 8,
      font: mono,
      indent: 10,
      gap: 4,
    });
  }

  w.heading(t('protocol.signers'));
  for (const s of report.signers) {
    w.text(`${s.name ?? s.email} <${s.email}>`, { font: bold });
    const signed = s.signed_at ? `, ${t('protocol.signedOn', { date: date(s.signed_at) })}` : '';
    w.text(
      `${t(`status.${s.status_code}`)}${signed} – ${t('protocol.quality', { quality: s.quality })}`,
      {
        size: 9,
        indent: 10,
        color: MUTED,
        gap: 4,
      },
    );
  }
  if (report.observers.length > 0) {
    w.heading(t('protocol.observers'));
    for (const o of report.observers) w.text(o);
  }

  w.heading(t('protocol.evidenceLog'));
  for (const raw of report.events) {
    const e = raw as TEvent;
    w.ensure(60);
    w.text(`${e.seq}. ${date(e.at)} – ${text.describe(e)}`, { font: bold, size: 9.5 });
    const where = [
      e.ip ? t('protocol.ip', { ip: e.ip }) : null,
      e.user_agent ? t('protocol.agent', { agent: e.user_agent }) : null,
    ]
      .filter(Boolean)
      .join(' – ');
    if (where) w.text(where, { size: 8, indent: 12, color: MUTED });
    const stamp = (e.data as Record<string, unknown>).timestamp;
    if (typeof stamp === 'string') {
      w.text(t('protocol.timestamp', { date: date(stamp) }), { size: 8, indent: 12, color: MUTED });
    }
    if (e.document_sha256.length > 0) {
      w.text(t('protocol.documentHashes', { hashes: e.document_sha256.join(', ') }), {
        size: 7,
        font: mono,
        indent: 12,
        color: MUTED,
      });
    }
    w.text(t('protocol.entryHash', { hash: e.hash }), {
      size: 7,
      font: mono,
      indent: 12,
      color: MUTED,
      gap: 4,
    });
  }

  w.ensure(40);
  w.cursor.y -= 10;
  w.text(t('protocol.notice'), { size: 8, color: MUTED });

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(
      showable(font, t('protocol.footer', { id: report.id, page: i + 1, pages: pages.length })),
      { x: MARGIN, y: MARGIN - 20, size: 7, font, color: MUTED },
    );
  });
  return doc.save({ subsetFonts: true, useXRefStream: false });
}

/** The PAdES level the 'completed' event recorded, if the request is complete. */
export function completedLevel(report: TReport): string | undefined {
  const completed = (report.events as TEvent[]).find((e) => e.type === 'completed');
  const level = (completed?.data as Record<string, unknown> | undefined)?.level;
  return typeof level === 'string' ? level : undefined;
}
