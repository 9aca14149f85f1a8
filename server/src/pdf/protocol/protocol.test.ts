import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TReport } from '@signet/shared/document/document.schema';
import type { TEvent } from '@signet/shared/signature-request/signature-request.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CertificateAuthority, createCa, loadCa } from '../../crypto/ca.ts';
import { builtinTsa } from '../../crypto/tsa/timestamp-authority.ts';
import { dumpSignatureCms, pdfsig, qpdfCheck, requireTool } from '../test-tools.ts';
import { evidenceText } from './evidence-text.ts';
import { protocolHtml } from './protocol-html.ts';
import { buildSignedProtocol } from './sign-protocol.ts';

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
  owner: { email: 'owner@example.ch', name: 'Łukasz Żółć-Ελένη Щукина' },
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
  it('is a PDF signed by the platform (time-stamped, whole document) that lists the log', async () => {
    const { bytes: pdf } = await buildSignedProtocol(report, evidenceText('en-gb'), {
      signer: ca.platformSigner,
      tsa: builtinTsa(ca.tsaSigner),
    });
    const verdict = pdfsig(pdf);
    expect(verdict.signatures).toHaveLength(1);
    expect(verdict.signatures[0]).toMatchObject({
      valid: true,
      totalDocument: true,
      subFilter: 'ETSI.CAdES.detached',
    });
    // Its own ArrayBuffer (an HTTP answer sends it as is), not the signature's shared memory.
    expect(pdf.buffer).toBeInstanceOf(ArrayBuffer);
    const sent = new Uint8Array(await new Response(pdf as Uint8Array<ArrayBuffer>).arrayBuffer());
    expect(Buffer.from(sent).equals(pdf)).toBe(true);
    expect(dumpSignatureCms(pdf)[0]).not.toContain('1.2.840.113549.1.9.5');
    expect(qpdfCheck(pdf).status).toBe(0);
    const text = pdfText(pdf);
    expect(text).toContain('Signature protocol');
    expect(text).toContain('Anna Müller');
    expect(text).toContain('anna@example.ch signed as Anna Müller (SES)');
    expect(text).toContain('All signers have signed');
    expect(text).toContain('65 entries, hash chain intact');
    // Dates as spec section 9 says: numeric day, short month, numeric year, hour and minute.
    expect(text).toContain('5. 5 Mar 2026, 10:00 UTC');
    // Latin, Greek and Cyrillic print as written (embedded Noto Sans); characters the font
    // lacks (CJK) are replaced, not dropped silently into an error.
    expect(text).toContain('Łukasz Żółć-Ελένη Щукина');
    expect(text).toContain('??');
    expect(text).toMatch(/page 2 of \d/);
  });

  it.each([
    [
      'de-ch',
      'Signaturprotokoll',
      'anna@example.ch hat als Anna Müller unterzeichnet (SES)',
      '5. März 2026',
    ],
    [
      'fr-ch',
      'Protocole de signature',
      'anna@example.ch a signé en tant que Anna Müller (SES)',
      '5 mars 2026',
    ],
    [
      'it',
      'Protocollo di firma',
      'anna@example.ch ha firmato come Anna Müller (SES)',
      '5 mar 2026',
    ],
  ] as const)('speaks the request language: %s', async (lang, title, signed, date) => {
    const { bytes } = await buildSignedProtocol(report, evidenceText(lang), {
      signer: ca.platformSigner,
    });
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(title);
    expect(text).toContain(signed);
    expect(text).toContain(date);
    expect(text).not.toContain('Signature protocol');
  });

  it('html: the same facts, escaped', () => {
    const html = protocolHtml(report, evidenceText('en-gb'));
    expect(html).toContain('Kaufvertrag Zürich – «Seestrasse» &amp; Co &lt;b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('张伟');
    expect((html.match(/<tr><td>\d+<\/td>/g) ?? []).length).toBe(65);
  });
});

describe('a direct signer in the log', () => {
  const direct = [
    event(1, 'tan_sent', 'dora@example.ch', { channel: 'sms', sent_to: '+41 •• ••• •• 67' }),
    event(2, 'tan_locked', 'dora@example.ch', { attempts: 5 }),
    event(3, 'tan_verified', 'dora@example.ch', { channel: 'sms' }),
    event(4, 'signed', 'dora@example.ch', {
      name: 'Dora Direct',
      quality: 'SES',
      direct: true,
      authentication: 'tan:sms',
    }),
    event(5, 'signed', 'eva@example.ch', {
      name: 'Eva',
      quality: 'SES',
      direct: true,
      authentication: 'mab:sandbox',
    }),
  ] as TEvent[];

  it.each([
    [
      'en-gb',
      [
        'A signing code was sent to dora@example.ch by text message (+41 •• ••• •• 67)',
        'Signing codes for dora@example.ch were locked after 5 wrong entries',
        'dora@example.ch entered the signing code sent by text message',
        'dora@example.ch signed as Dora Direct (SES) through their signing link, confirmed with a code sent by text message',
        'eva@example.ch signed as Eva (SES) through their signing link, confirmed in the mobile signing app',
      ],
    ],
    [
      'it',
      [
        'Un codice di firma è stato inviato a dora@example.ch via messaggio di testo (+41 •• ••• •• 67)',
        'I codici di firma di dora@example.ch sono stati bloccati dopo 5 inserimenti errati',
        'dora@example.ch ha inserito il codice di firma inviato via messaggio di testo',
        'dora@example.ch ha firmato come Dora Direct (SES) tramite il proprio link di firma, con conferma tramite un codice inviato via messaggio di testo',
        "eva@example.ch ha firmato come Eva (SES) tramite il proprio link di firma, con conferma nell'app di firma mobile",
      ],
    ],
  ] as const)('says how the signing link was confirmed: %s', (lang, lines) => {
    const text = evidenceText(lang);
    expect(direct.map((e) => text.describe(e))).toEqual(lines);
  });
});
