import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TReport } from '@signet/shared/document/document.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCa, loadCa } from '../crypto/ca.ts';
import { buildSignedProtocol, protocolHtml } from './protocol.ts';
import { dumpSignatureCms, pdfsig, qpdfCheck, requireTool } from './test-tools.ts';

const SECRET = 'protocol-test-secret-0123456789';
let ca: CertificateAuthority;

const event = (
  seq: number,
  type: string,
  email: string | null,
  data: Record<string, unknown> = {},
) => ({
  seq,
  type,
  actor: { id: null, email },
  at: `2026-03-0${seq}T10:00:00.000Z`,
  ip: '192.0.2.1',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  document_sha256: ['a'.repeat(64)],
  data,
  hash: `${seq}`.repeat(64).slice(0, 64),
  prev_hash: '0'.repeat(64),
});

/** Many events, so the log runs over several pages. */
const report: TReport = {
  id: '11111111-2222-3333-4444-555555555555',
  title: 'Kaufvertrag Zürich – «Seestrasse» & Co <b>',
  status_overall: 'SIGNED',
  owner: { email: 'owner@example.ch', name: 'Olivia Owner' },
  created_at: '2026-03-01T10:00:00.000Z',
  completed_at: '2026-03-05T10:00:00.000Z',
  documents: [
    {
      id: 'd1',
      title: 'Vertrag',
      page_count: 3,
      sha256: 'a'.repeat(64),
      signed_sha256: 'b'.repeat(64),
    },
  ],
  signers: [
    {
      email: 'anna@example.ch',
      name: 'Anna Müller',
      status_code: 'SIGNED',
      signed_at: '2026-03-03T10:00:00.000Z',
      quality: 'SES',
    },
    {
      email: 'zhang@example.ch',
      name: '张伟',
      status_code: 'SIGNED',
      signed_at: '2026-03-04T10:00:00.000Z',
      quality: 'SES',
    },
  ],
  observers: ['obs@example.ch'],
  events: [
    event(1, 'created', 'owner@example.ch'),
    event(2, 'initiated', 'owner@example.ch'),
    event(3, 'signed', 'anna@example.ch', { name: 'Anna Müller', quality: 'SES' }),
    event(4, 'signed', 'zhang@example.ch', { name: '张伟', quality: 'SES' }),
    event(5, 'completed', null),
    ...Array.from({ length: 60 }, (_, i) =>
      event(6 + i, 'downloaded', 'obs@example.ch', { title: 'Vertrag' }),
    ),
  ],
  integrity: { ok: true, count: 65 },
  generated_at: '2026-03-05T10:00:01.000Z',
};

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'signet-protocol-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), bytes);
    const r = spawnSync('pdftotext', ['p.pdf', '-'], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(() => {
  requireTool('pdfsig');
  ca = loadCa(createCa(SECRET), SECRET);
});

describe('protocol', () => {
  it('is a PDF signed by the platform (PAdES B-B, whole document) that lists the log', async () => {
    const pdf = await buildSignedProtocol(report, ca.platformSigner);
    const verdict = pdfsig(pdf);
    expect(verdict.signatures).toHaveLength(1);
    expect(verdict.signatures[0]).toMatchObject({
      valid: true,
      totalDocument: true,
      subFilter: 'ETSI.CAdES.detached',
    });
    expect(dumpSignatureCms(pdf)[0]).not.toContain('1.2.840.113549.1.9.5');
    expect(qpdfCheck(pdf).status).toBe(0);
    const text = pdfText(pdf);
    expect(text).toContain('Signature protocol');
    expect(text).toContain('Anna Müller');
    expect(text).toContain('anna@example.ch signed as Anna Müller (SES)');
    expect(text).toContain('All signers have signed');
    expect(text).toContain('65 entries, hash chain intact');
    expect(text).toContain('65. 2026-03-');
    // Characters outside WinAnsi are replaced, not dropped silently into an error.
    expect(text).toContain('??');
    expect(text).toMatch(/page 2 of \d/);
  });

  it('html: the same facts, escaped', () => {
    const html = protocolHtml(report);
    expect(html).toContain('Kaufvertrag Zürich – «Seestrasse» &amp; Co &lt;b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('张伟');
    expect((html.match(/<tr><td>\d+<\/td>/g) ?? []).length).toBe(65);
  });
});
