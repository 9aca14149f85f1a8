import type { TReport } from '@signet/shared/document/document.schema';
import type { TEvent } from '@signet/shared/signature-request/signature-request.schema';
import type { EvidenceText } from './evidence-text.ts';
import { completedLevel } from './protocol-pdf.ts';

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const h = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);

/** The protocol as a self-contained HTML page, in the text's language. */
export function protocolHtml(report: TReport, text: EvidenceText): string {
  const { t, date } = text;
  const rows = report.events
    .map((raw) => {
      const e = raw as TEvent;
      return `<tr><td>${e.seq}</td><td>${h(date(e.at))}</td><td>${h(text.describe(e))}</td><td>${h(e.ip ?? '')}</td><td class="mono">${h(e.hash.slice(0, 16))}…</td></tr>`;
    })
    .join('\n');
  const docs = report.documents
    .map(
      (d) =>
        `<tr><td>${h(d.title)}</td><td>${d.page_count}</td><td class="mono">${h(d.sha256)}</td><td class="mono">${h(d.signed_sha256 ?? t('protocol.dash'))}</td></tr>`,
    )
    .join('\n');
  const signers = report.signers
    .map(
      (s) =>
        `<tr><td>${h(s.name ?? '')}</td><td>${h(s.email)}</td><td>${h(t(`status.${s.status_code}`))}</td><td>${h(date(s.signed_at))}</td><td>${h(s.quality)}</td></tr>`,
    )
    .join('\n');
  const integrity = report.integrity.ok
    ? t('protocol.integrityOk', { count: report.integrity.count })
    : t('protocol.integrityBroken', {
        at: report.integrity.brokenAt ?? '?',
        count: report.integrity.count,
      });
  const level = completedLevel(report);
  return `<!doctype html>
<html lang="${h(text.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(t('protocol.documentTitle', { title: report.title }))}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;color:#1f2933;max-width:960px;margin:24px auto;padding:0 16px}
h1{color:#006FE6}table{border-collapse:collapse;width:100%;margin-bottom:24px}th,td{border-bottom:1px solid #e4e7eb;padding:6px;text-align:left;vertical-align:top;font-size:14px}
.mono{font-family:monospace;font-size:12px;word-break:break-all}dt{font-weight:600;color:#52606d}dd{margin:0 0 8px}</style></head>
<body>
<h1>${h(t('protocol.title'))}</h1>
<h2>${h(report.title)}</h2>
<dl>
<dt>${h(t('protocol.request'))}</dt><dd class="mono">${h(report.id)}</dd>
<dt>${h(t('protocol.status'))}</dt><dd>${h(t(`status.${report.status_overall}`))}</dd>
<dt>${h(t('protocol.owner'))}</dt><dd>${h(report.owner.name)} &lt;${h(report.owner.email)}&gt;</dd>
<dt>${h(t('protocol.created'))}</dt><dd>${h(date(report.created_at))}</dd>
<dt>${h(t('protocol.completed'))}</dt><dd>${h(date(report.completed_at))}</dd>
<dt>${h(t('protocol.evidenceLog'))}</dt><dd>${h(integrity)}</dd>
${level ? `<dt>${h(t('protocol.level'))}</dt><dd>${h(t('protocol.levelValue', { level }))}</dd>` : ''}
</dl>
<h3>${h(t('protocol.documents'))}</h3>
<table><thead><tr><th>${h(t('protocol.titleColumn'))}</th><th>${h(t('protocol.pages'))}</th><th>${h(t('protocol.uploadedSha'))}</th><th>${h(t('protocol.signedSha'))}</th></tr></thead><tbody>
${docs}
</tbody></table>
<h3>${h(t('protocol.signers'))}</h3>
<table><thead><tr><th>${h(t('protocol.name'))}</th><th>${h(t('protocol.email'))}</th><th>${h(t('protocol.status'))}</th><th>${h(t('protocol.signed'))}</th><th>${h(t('protocol.qualityColumn'))}</th></tr></thead><tbody>
${signers}
</tbody></table>
<h3>${h(t('protocol.evidenceLog'))}</h3>
<table><thead><tr><th>#</th><th>${h(t('protocol.when'))}</th><th>${h(t('protocol.what'))}</th><th>IP</th><th>Hash</th></tr></thead><tbody>
${rows}
</tbody></table>
</body>
</html>
`;
}
