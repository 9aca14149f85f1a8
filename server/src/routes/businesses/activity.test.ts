import { spawnSync } from 'node:child_process';
import type {
  TBusinessStatistics,
  TSignatureActivityList,
} from '@signet/shared/activity/activity.schema';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSignatures } from '../../db/schema/business-signatures.ts';
import { requestEvents } from '../../db/schema/request-events.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { requireTool } from '../../pdf/test-tools.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { newSignatureRequest, signBatch } from '../signing/testing.ts';
import { addMember, as, newBusiness, type Person } from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;
let admin: Person;
let mia: Person;
let sven: Person;
let businessId: string;
let request: TSignatureRequest;

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  // pdftotext comes with pdfsig (poppler-utils).
  requireTool('pdfsig');
  t = await createDocumentsTestApp();
  const made = await newBusiness(t, 'Müller & Söhne AG');
  admin = made.admin;
  businessId = made.business.id;
  // One after the other: each signup drains the mailbox.
  mia = await signUp(t, { firstName: 'Mia' });
  sven = await signUp(t, { firstName: 'Sven' });
  await addMember(t, businessId, admin, mia);
  await as(t, admin)('PUT', `/v1/businesses/${businessId}/members/${mia.user.id}`, {
    costCentre: '=CC 7 Zürich',
  });
  await as(t, admin)('PUT', `/v1/businesses/${businessId}/settings`, {
    signatureRequests: { part11: { enabled: true } },
    mailService: {
      attachments: { signatureProtocol: { enabled: true }, signedDocument: { enabled: true } },
    },
  });
  const logo = await t.app.request(`/api/v1/businesses/${businessId}/settings/logo`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'image/png' },
    body: PNG_1x1 as never,
  });
  expect(logo.status).toBe(200);
  const doc = await uploadPdf(t, mia.token, await makeTestPdf({ pages: 1 }), 'Vertrag');
  request = await newSignatureRequest(t, mia.token, doc, [{ email: sven.email, order: 0 }]);
});
afterAll(() => t.cleanup());

describe('a request of a business member', () => {
  it('carries the business logo in its mails and asks Part 11 name and reason at signing', async () => {
    const invitation = await t.mailbox.last(sven.email);
    expect(invitation?.html).toContain(`/api/v1/businesses/${businessId}/logo?v=`);
    expect(invitation?.html).toContain('alt="Müller &amp; Söhne AG"');

    const without = await signBatch(t, sven.token, [{ signatureRequestId: request.id }]);
    expect(without.status).toBe(400);
    expect(without[0]).toMatchObject({ ok: false, code: 'PART11_REASON_REQUIRED' });
    expect(await t.db.select().from(businessSignatures)).toEqual([]);

    const signed = await signBatch(t, sven.token, [
      {
        signatureRequestId: request.id,
        signingName: 'Sven Øster',
        signingReason: 'Approved as head of QA',
      },
    ]);
    expect(signed[0]).toMatchObject({ ok: true, status_overall: 'SIGNED' });
  });

  it('sends the completion mail with the signed document and the protocol attached', async () => {
    const mail = await t.mailbox.last(mia.email);
    expect(mail?.template).toBe('request-completed');
    expect(mail?.attachments.map((a) => a.filename).sort()).toEqual(
      ['Service agreement protocol.pdf', 'Vertrag.pdf'].sort(),
    );
    expect(
      mail?.attachments.every((a) => a.contentType === 'application/pdf' && a.size > 1000),
    ).toBe(true);
    // The protocol names the reason.
    const report = await t.app.request(`/api/v3/signature-requests/${request.id}/report?type=pdf`, {
      headers: { Authorization: `Bearer ${mia.token}` },
    });
    expect(report.status).toBe(200);
    const text = spawnSync('pdftotext', ['-', '-'], {
      input: Buffer.from(await report.arrayBuffer()),
    }).stdout.toString();
    expect(text.replace(/\s+/g, ' ')).toContain('Approved as head of QA');
  });

  it('counts the signature for the business as the log recorded it', async () => {
    const [signedEvent] = await t.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.type, 'signed'));
    const rows = await t.db.select().from(businessSignatures);
    expect(rows).toEqual([
      expect.objectContaining({
        businessId,
        eventId: signedEvent?.id,
        requestId: request.id,
        signerEmail: sven.email,
        memberEmail: mia.email,
        memberName: 'Mia Meier',
        costCentre: '=CC 7 Zürich',
        quality: 'SES',
      }),
    ]);
    const list = await as(t, admin)<TSignatureActivityList>(
      'GET',
      `/v2/businesses/${businessId}/activities/signatures`,
    );
    expect(list.body).toMatchObject({
      total: 1,
      items: [{ signerEmail: sven.email, quality: 'SES' }],
    });
  });
});

describe('activities, exports and statistics', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

  beforeAll(async () => {
    // A year of signatures of three members, three qualities (the table counts what events record).
    const members = [
      ['anna@muster.ch', 'Anna Müller', 'CC-10'],
      ['bo@muster.ch', '+41 Bo', 'CC-20'],
      ['cem@muster.ch', 'Cem Γιάννης', 'CC-10'],
    ] as const;
    const qualities = ['SES', 'AES', 'QES'];
    await t.db.insert(businessSignatures).values(
      Array.from({ length: 300 }, (_, i) => {
        const [memberEmail, memberName, costCentre] = members[i % 3] as (typeof members)[number];
        return {
          businessId,
          eventId: 1_000_000 + i,
          requestId: request.id,
          title: i === 0 ? '=HYPERLINK("http://evil.example","x")' : `Vertrag ${i}`,
          signerEmail: `signer${i % 7}@example.ch`,
          memberId: null,
          memberEmail,
          memberName,
          costCentre,
          quality: qualities[i % 3] as string,
          legislation: i % 3 === 0 ? null : 'ZERTES',
          signedAt: day(i),
        };
      }),
    );
  });

  const url = (path: string) => `/v2/businesses/${businessId}/${path}`;

  it('pages, sorts and filters the signatures by period on the server', async () => {
    const q = 'start_date=2026-01-01&end_date=2026-01-31';
    const page = await as(t, admin)<TSignatureActivityList>(
      'GET',
      url(`activities/signatures?${q}&page=1&size=10&sort=signedAt,asc`),
    );
    expect(page.body.total).toBe(31);
    expect(page.body.items.map((i) => i.signedAt.slice(0, 10))).toEqual(
      Array.from({ length: 10 }, (_, i) =>
        day(10 + i)
          .toISOString()
          .slice(0, 10),
      ),
    );
    const byMember = await as(t, admin)<TSignatureActivityList>(
      'GET',
      url(`activities/signatures?${q}&size=100&sort=memberEmail,desc`),
    );
    const emails = byMember.body.items.map((i) => i.memberEmail);
    expect(emails).toEqual([...emails].sort().reverse());
    for (const bad of [
      'size=0',
      'size=101',
      'sort=password',
      'sort=signedAt,up',
      'start_date=yesterday',
      'start_date=2026-02-01&end_date=2026-01-01',
      'page=-1',
      'x=1',
    ]) {
      const res = await as(t, admin)('GET', url(`activities/signatures?${bad}`));
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('exports every signature of the period as CSV with a BOM, escaping formulas', async () => {
    const res = await t.app.request(
      `/api${url('activities/signatures/export?start_date=2026-01-01&end_date=2026-12-31')}`,
      { headers: { Authorization: `Bearer ${admin.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      'filename="signature_usage_2026-01-01_2026-12-31.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The BOM is for Excel; a decoder drops it.
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('\r\n');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header?.[0]).toBe('signed_at');
    // The 300 made above (days 0–299 of 2026), besides the real signature of today.
    const mine = rows.filter((r) => r[1]?.startsWith('Vertrag ') || r[1]?.startsWith("'="));
    expect(mine).toHaveLength(300);
    expect(rows.find((r) => r[1]?.includes('HYPERLINK'))?.[1]).toBe(
      `'=HYPERLINK("http://evil.example","x")`,
    );
    expect(rows.find((r) => r[3] === 'bo@muster.ch')?.[4]).toBe("'+41 Bo");
    expect(text).toContain('Cem Γιάννης');
    expect(text).toContain('Anna Müller');
  });

  it('groups the export by cost centre with a column per quality', async () => {
    const res = await t.app.request(
      `/api${url('activities/signatures/export?group_by=cost_centre&start_date=2026-01-01&end_date=2026-12-31')}`,
      { headers: { Authorization: `Bearer ${admin.token}` } },
    );
    expect(res.headers.get('content-disposition')).toContain(
      'cost_centre_report_2026-01-01_2026-12-31.csv',
    );
    const parsed = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([
      'cost_centre',
      'signatures_aes',
      'signatures_qes',
      'signatures_ses',
      'signatures_total',
    ]);
    const total = rows.reduce((sum, r) => sum + Number(r[4]), 0);
    expect(total).toBeGreaterThanOrEqual(300);
    // Bo (CC-20) made every third signature from the second on: all AES.
    expect(rows.find((r) => r[0] === 'CC-20')).toEqual(['CC-20', '100', '0', '0', '100']);
  });

  it('counts the statistics in the database', async () => {
    const res = await as(t, admin)<TBusinessStatistics>(
      'GET',
      url('statistics?start_date=2026-01-01&end_date=2026-03-31'),
    );
    expect(res.status).toBe(200);
    expect(res.body.signatures).toBe(90);
    expect(res.body.signaturesByQuality).toEqual(
      expect.arrayContaining([
        { quality: 'SES', count: 30 },
        { quality: 'AES', count: 30 },
        { quality: 'QES', count: 30 },
      ]),
    );
    const january = res.body.signaturesByMonth.filter((m) => m.month === '2026-01');
    expect(january.reduce((s, m) => s + m.count, 0)).toBe(31);
    expect(res.body.members).toEqual({ total: 2, admins: 1, pending: 0 });
    // Periods that cut months: whole months come from the monthly totals, the rest is counted.
    const cut = await as(t, admin)<TBusinessStatistics>(
      'GET',
      url('statistics?start_date=2026-01-15&end_date=2026-02-10'),
    );
    expect(cut.body.signatures).toBe(17 + 10);
    const list = await as(t, admin)<TSignatureActivityList>(
      'GET',
      url('activities/signatures?start_date=2026-01-15&end_date=2026-03-10'),
    );
    expect(list.body.total).toBe(17 + 28 + 10);
    expect(res.body.openRequests).toBe(0);
  });
});
