import type { TReport } from '@signet/shared/document/document.schema';
import type { TEvent } from '@signet/shared/signature-request/signature-request.schema';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Signer } from '../crypto/signer.ts';
import { toWinAnsi } from './appearance.ts';
import { signPdf } from './sign.ts';

/**
 * The protocol (signature report) of a request: built from the evidence log and the request's
 * facts (`TReport`), as a PDF signed by the platform (PAdES B-B, invisible signature) and as
 * HTML. JSON is the `TReport` itself.
 */

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.36, 0.4, 0.45);
const PRIMARY = rgb(0, 0.435, 0.9);

const fmtDate = (iso: string | null | undefined) =>
  iso
    ? `${iso
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '')
        .replace(/Z$/, '')} UTC`
    : '–';

/** One line per event, in words; the details follow in smaller print. */
export function describeEvent(e: TEvent): string {
  const who = e.actor.email ?? 'Signet';
  const d = e.data as Record<string, unknown>;
  const title = typeof d.title === 'string' ? ` "${d.title}"` : '';
  switch (e.type) {
    case 'created':
      return `${who} created the request`;
    case 'initiated':
      return `${who} sent the request to the signers`;
    case 'viewed':
      return `${who} viewed the request`;
    case 'signed':
      return `${who} signed${typeof d.name === 'string' ? ` as ${d.name}` : ''}${typeof d.quality === 'string' ? ` (${d.quality})` : ''}`;
    case 'declined':
      return `${who} declined${typeof d.message === 'string' && d.message ? `: ${d.message}` : ''}`;
    case 'withdrawn':
      return `${who} withdrew the request${typeof d.message === 'string' && d.message ? `: ${d.message}` : ''}`;
    case 'delegated':
      return `${who} delegated the signature${typeof d.to === 'string' ? ` to ${d.to}` : ''}`;
    case 'reminded':
      return `${who} reminded the signers`;
    case 'downloaded':
      return `${who} downloaded${title || ' the documents'}`;
    case 'signer_added':
      return `${who} added a signer${typeof d.email === 'string' ? ` (${d.email})` : ''}`;
    case 'signer_removed':
      return `${who} removed a signer${typeof d.email === 'string' ? ` (${d.email})` : ''}`;
    case 'observer_added':
      return `${who} added an observer${typeof d.email === 'string' ? ` (${d.email})` : ''}`;
    case 'observer_removed':
      return `${who} removed an observer${typeof d.email === 'string' ? ` (${d.email})` : ''}`;
    case 'document_added':
      return `${who} added the document${title}`;
    case 'document_removed':
      return `${who} removed the document${title}`;
    case 'completed':
      return 'All signers have signed: the request is complete';
    case 'deleted':
      return `${who} deleted the request`;
    default:
      return `${who}: ${String(e.type)}`;
  }
}

type Cursor = { page: PDFPage; y: number };

class Writer {
  readonly doc: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  readonly mono: PDFFont;
  cursor!: Cursor;

  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont, mono: PDFFont) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.mono = mono;
    this.newPage();
  }

  newPage(): void {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.cursor = { page, y: A4.height - MARGIN };
  }

  ensure(height: number): void {
    if (this.cursor.y - height < MARGIN + 20) this.newPage();
  }

  /** Splits `text` into lines that fit `width` at `size`. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/(\s+)/)) {
        const next = line + word;
        if (font.widthOfTextAtSize(next, size) <= width || line === '') {
          // A single word longer than the line is cut hard.
          let w = next;
          while (font.widthOfTextAtSize(w, size) > width && w.length > 1) {
            let cut = w.length - 1;
            while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), size) > width) cut--;
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
      font?: PDFFont;
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
    this.cursor.page.drawText(toWinAnsi(label), {
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
export async function buildProtocolDocument(report: TReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const generated = new Date(report.generated_at);
  doc.setTitle(toWinAnsi(`Signature protocol – ${report.title}`));
  doc.setAuthor('Signet');
  doc.setCreator('Signet');
  doc.setProducer('Signet');
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);
  const [font, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const w = new Writer(doc, font, bold, mono);

  w.text('Signature protocol', { size: 20, font: bold, color: PRIMARY, gap: 6 });
  w.text(report.title, { size: 14, font: bold, gap: 8 });
  w.pair('Request', report.id);
  w.pair('Status', report.status_overall);
  w.pair('Owner', `${report.owner.name} <${report.owner.email}>`.trim());
  w.pair('Created', fmtDate(report.created_at));
  w.pair('Completed', fmtDate(report.completed_at));
  w.pair('Protocol generated', fmtDate(report.generated_at));
  w.pair(
    'Evidence log',
    report.integrity.ok
      ? `${report.integrity.count} entries, hash chain intact`
      : `BROKEN at entry ${report.integrity.brokenAt ?? '?'} of ${report.integrity.count}`,
  );

  w.heading('Documents');
  for (const d of report.documents) {
    w.text(`${d.title} (${d.page_count} page${d.page_count === 1 ? '' : 's'})`, { font: bold });
    w.text(`Uploaded SHA-256: ${d.sha256}`, { size: 8, font: mono, indent: 10 });
    w.text(`Signed SHA-256:   ${d.signed_sha256 ?? '–'}`, {
      size: 8,
      font: mono,
      indent: 10,
      gap: 4,
    });
  }

  w.heading('Signers');
  for (const s of report.signers) {
    w.text(`${s.name ?? s.email} <${s.email}>`, { font: bold });
    w.text(
      `${s.status_code}${s.signed_at ? `, signed ${fmtDate(s.signed_at)}` : ''} – quality ${s.quality}`,
      {
        size: 9,
        indent: 10,
        color: MUTED,
        gap: 4,
      },
    );
  }
  if (report.observers.length > 0) {
    w.heading('Observers');
    for (const o of report.observers) w.text(o);
  }

  w.heading('Evidence log');
  for (const raw of report.events) {
    const e = raw as TEvent;
    w.ensure(60);
    w.text(`${e.seq}. ${fmtDate(e.at)} – ${describeEvent(e)}`, { font: bold, size: 9.5 });
    const where = [e.ip ? `IP ${e.ip}` : null, e.user_agent ? `Agent ${e.user_agent}` : null]
      .filter(Boolean)
      .join(' – ');
    if (where) w.text(where, { size: 8, indent: 12, color: MUTED });
    if (e.document_sha256.length > 0) {
      w.text(`Documents: ${e.document_sha256.join(', ')}`, {
        size: 7,
        font: mono,
        indent: 12,
        color: MUTED,
      });
    }
    w.text(`Entry hash: ${e.hash}`, { size: 7, font: mono, indent: 12, color: MUTED, gap: 4 });
  }

  w.ensure(40);
  w.cursor.y -= 10;
  w.text(
    'This protocol was generated by Signet from the hash-chained evidence log of the request and is signed electronically with the platform certificate. Each entry hash covers the entry and the hash of the entry before it.',
    { size: 8, color: MUTED },
  );

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(
      toWinAnsi(`Signet – signature protocol ${report.id} – page ${i + 1} of ${pages.length}`),
      {
        x: MARGIN,
        y: MARGIN - 20,
        size: 7,
        font,
        color: MUTED,
      },
    );
  });
  return doc.save({ useObjectStreams: false });
}

/** The protocol PDF, signed by the platform (PAdES B-B, invisible signature). */
export async function buildSignedProtocol(report: TReport, signer: Signer): Promise<Uint8Array> {
  const unsigned = await buildProtocolDocument(report);
  return signPdf(unsigned, {
    signer,
    signerName: 'Signet platform',
    reason: 'Signature protocol',
    signingTime: new Date(report.generated_at),
    field: null,
    appearance: { lines: [] },
    fieldName: 'SignetProtocol',
  });
}

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const h = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);

/** The protocol as a self-contained HTML page. */
export function protocolHtml(report: TReport): string {
  const rows = report.events
    .map((raw) => {
      const e = raw as TEvent;
      return `<tr><td>${e.seq}</td><td>${h(fmtDate(e.at))}</td><td>${h(describeEvent(e))}</td><td>${h(e.ip ?? '')}</td><td class="mono">${h(e.hash.slice(0, 16))}…</td></tr>`;
    })
    .join('\n');
  const docs = report.documents
    .map(
      (d) =>
        `<tr><td>${h(d.title)}</td><td>${d.page_count}</td><td class="mono">${h(d.sha256)}</td><td class="mono">${h(d.signed_sha256 ?? '–')}</td></tr>`,
    )
    .join('\n');
  const signers = report.signers
    .map(
      (s) =>
        `<tr><td>${h(s.name ?? '')}</td><td>${h(s.email)}</td><td>${h(s.status_code)}</td><td>${h(fmtDate(s.signed_at))}</td><td>${h(s.quality)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Signature protocol – ${h(report.title)}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;color:#1f2933;max-width:960px;margin:24px auto;padding:0 16px}
h1{color:#006FE6}table{border-collapse:collapse;width:100%;margin-bottom:24px}th,td{border-bottom:1px solid #e4e7eb;padding:6px;text-align:left;vertical-align:top;font-size:14px}
.mono{font-family:monospace;font-size:12px;word-break:break-all}dt{font-weight:600;color:#52606d}dd{margin:0 0 8px}</style></head>
<body>
<h1>Signature protocol</h1>
<h2>${h(report.title)}</h2>
<dl>
<dt>Request</dt><dd class="mono">${h(report.id)}</dd>
<dt>Status</dt><dd>${h(report.status_overall)}</dd>
<dt>Owner</dt><dd>${h(report.owner.name)} &lt;${h(report.owner.email)}&gt;</dd>
<dt>Created</dt><dd>${h(fmtDate(report.created_at))}</dd>
<dt>Completed</dt><dd>${h(fmtDate(report.completed_at))}</dd>
<dt>Evidence log</dt><dd>${report.integrity.ok ? `${report.integrity.count} entries, hash chain intact` : `broken at entry ${h(report.integrity.brokenAt)}`}</dd>
</dl>
<h3>Documents</h3>
<table><thead><tr><th>Title</th><th>Pages</th><th>Uploaded SHA-256</th><th>Signed SHA-256</th></tr></thead><tbody>
${docs}
</tbody></table>
<h3>Signers</h3>
<table><thead><tr><th>Name</th><th>E-mail</th><th>Status</th><th>Signed</th><th>Quality</th></tr></thead><tbody>
${signers}
</tbody></table>
<h3>Evidence log</h3>
<table><thead><tr><th>#</th><th>When</th><th>What</th><th>IP</th><th>Hash</th></tr></thead><tbody>
${rows}
</tbody></table>
</body>
</html>
`;
}
