import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TApiUserWithKey } from '@signet/shared/api-user/api-user.schema';
import { SEAL_ERRORS } from '@signet/shared/seal/seal.constants';
import type { TSeal, TSealList } from '@signet/shared/seal/seal.schema';
import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidDer } from '../../crypto/der.ts';
import { requestEvents } from '../../db/schema/request-events.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { users } from '../../db/schema/users.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import {
  dumpSignatureCms,
  mutoolVerify,
  pdfsig,
  pdfText,
  qcStatementsOf,
  requireTool,
} from '../../pdf/test-tools.ts';
import {
  loadRequestForActor,
  loadRequestsForActor,
} from '../../services/signature-requests/load-for-actor.ts';
import { as, businessCast } from '../businesses/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';
import { signBatch } from '../signing/testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;

let t: App;
let cast: Awaited<ReturnType<typeof businessCast>>;
let seals: string;

beforeAll(async () => {
  requireTool('pdfsig');
  // The batches of this file sign in a signing thread, as a server on two cores does.
  t = await createDocumentsTestApp({ SIGN_THREADS: '1' });
  cast = await businessCast(t);
  seals = `/v1/businesses/${cast.business.id}/seals`;
});
afterAll(() => t.cleanup());

async function download(headers: Record<string, string>, docId: string): Promise<Uint8Array> {
  const res = await t.app.request(`/api/v3/documents/${docId}/download?signed=true`, { headers });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The signer's certificate subject of the first signature, as pdfsig prints it. */
const subjectOf = (pdf: Uint8Array) => {
  const text = pdfsig(pdf).signatures[0]?.text ?? '';
  return /Signer full Distinguished Name: (.*)/.exec(text)?.[1] ?? text;
};

describe('seals', () => {
  it('are created and kept by admins; the certificate names the business', async () => {
    const created = await as(t, cast.admin)<TSeal>('PUT', `${seals}/invoices`, {
      displayName: 'Rechnungen',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      accountName: 'invoices',
      displayName: 'Rechnungen',
      quality: 'seal.aes',
      amountMembers: 0,
      amountApiKeys: 0,
    });
    expect(created.body.certificateSubject).toContain('O=Muster AG');
    expect(created.body.certificateSubject).toContain('CN=Rechnungen');
    const list = await as(t, cast.admin)<TSealList>('GET', seals);
    expect(list.body).toEqual([
      { accountName: 'invoices', displayName: 'Rechnungen', amountApiKeys: 0, amountMembers: 0 },
    ]);
    expect((await as(t, cast.member)('GET', seals)).status).toBe(403);
    expect((await as(t, cast.member)('PUT', `${seals}/mine`, { displayName: 'x' })).status).toBe(
      403,
    );
    expect((await as(t, cast.stranger)('GET', seals)).status).toBe(404);
    expect((await as(t, cast.admin)('PUT', `${seals}/Bad Name`, { displayName: 'x' })).status).toBe(
      400,
    );
    expect((await as(t, cast.admin)('GET', `${seals}/nothing`)).status).toBe(404);
    const members = await as(t, cast.admin)<{ code: string }>('POST', `${seals}/invoices/members`, {
      members: [cast.stranger.user.id],
    });
    expect(members.status).toBe(400);
    expect(members.body.code).toBe(SEAL_ERRORS.notInBusiness);
  });

  it('seal a document for a member of the seal; anyone else is refused and nothing changes', async () => {
    const doc = await uploadPdf(t, cast.member.token, await makeTestPdf(), 'Rechnung 2026-001');
    const created = await as(t, cast.member)<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Rechnung 2026-001',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: cast.member.email }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await as(t, cast.member)('POST', `/v3/signature-requests/${id}/initiate`)).status).toBe(
      200,
    );
    const refused = await signBatch(t, cast.member.token, [
      { signatureRequestId: id, sealAccountName: 'invoices' },
    ]);
    expect(refused.status).toBe(403);
    expect(refused[0]).toMatchObject({ ok: false, code: SEAL_ERRORS.notAllowed });
    const still = await as(t, cast.member)<TSignatureRequest>(
      'GET',
      `/v3/signature-requests/${id}`,
    );
    expect(still.body.status_overall).toBe('OPEN');

    const granted = await as(t, cast.admin)<TSeal>('POST', `${seals}/invoices/members`, {
      members: [cast.member.user.id],
    });
    expect(granted.body.members.map((m) => m.email)).toEqual([cast.member.email]);
    // The request page offers the seals the reader may use (the business's `seals`); the admin,
    // who is no member of this seal, is offered none.
    const mine = await as(t, cast.member)<{ seals: unknown[] }>('GET', '/v2/businesses/user');
    expect(mine.body.seals).toEqual([{ accountName: 'invoices', displayName: 'Rechnungen' }]);
    const admins = await as(t, cast.admin)<{ seals: unknown[] }>('GET', '/v2/businesses/user');
    expect(admins.body.seals).toEqual([]);
    const sealed = await signBatch(t, cast.member.token, [
      { signatureRequestId: id, sealAccountName: 'invoices' },
    ]);
    expect(sealed[0]).toMatchObject({ ok: true, status_overall: 'SIGNED' });
    const pdf = await download({ Authorization: `Bearer ${cast.member.token}` }, doc.id);
    const verdict = pdfsig(pdf);
    expect(verdict.signatures[0]?.valid, verdict.signatures[0]?.text).toBe(true);
    expect(subjectOf(pdf)).toContain('O=Muster AG');
    expect(subjectOf(pdf)).toContain('CN=Rechnungen');
    const words = pdfText(pdf);
    expect(words).toContain('Advanced electronic seal');
    expect(words).toContain('on behalf of Muster AG');
    const events = await as(t, cast.member)<{
      events: { type: string; data: Record<string, unknown> }[];
    }>('GET', `/v3/signature-requests/${id}/events`);
    expect(events.body.events.find((e) => e.type === 'signed')?.data).toMatchObject({
      quality: 'SEAL',
      seal: 'invoices',
      on_behalf_of: 'Muster AG',
    });

    // Removed from the seal: refused again.
    await as(t, cast.admin)('DELETE', `${seals}/invoices/members`, {
      members: [cast.member.user.id],
    });
    const again = await as(t, cast.admin)<TSeal>('GET', `${seals}/invoices`);
    expect(again.body.amountMembers).toBe(0);
  });

  it('a request asking the signer for QES is not sealed (a seal is advanced); nothing changes', async () => {
    const doc = await uploadPdf(t, cast.member.token, await makeTestPdf(), 'Vertrag QES');
    const created = await as(t, cast.member)<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Vertrag QES',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: cast.member.email, signature_level: 'QES' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect((await as(t, cast.member)('POST', `/v3/signature-requests/${id}/initiate`)).status).toBe(
      200,
    );
    await as(t, cast.admin)('POST', `${seals}/invoices/members`, {
      members: [cast.member.user.id],
    });
    try {
      const refused = await signBatch(t, cast.member.token, [
        { signatureRequestId: id, sealAccountName: 'invoices' },
      ]);
      expect(refused.status).toBe(403);
      expect(refused[0]).toMatchObject({ ok: false, code: 'QUALITY_TOO_LOW' });
      const still = await as(t, cast.member)<TSignatureRequest>(
        'GET',
        `/v3/signature-requests/${id}`,
      );
      expect(still.body.status_overall).toBe('OPEN');
    } finally {
      await as(t, cast.admin)('DELETE', `${seals}/invoices/members`, {
        members: [cast.member.user.id],
      });
    }
  });

  it('a qualified seal (seal.qes, Demo QTSP) seals a request asking for QES; the certificate says eSeal and test', async () => {
    const created = await as(t, cast.admin)<TSeal>('PUT', `${seals}/contracts`, {
      displayName: 'Verträge',
      quality: 'seal.qes',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ accountName: 'contracts', quality: 'seal.qes' });
    expect(created.body.certificateSubject).toContain('O=Muster AG');
    // Its quality is fixed; the display name is not.
    const changed = await as(t, cast.admin)<{ code: string }>('PUT', `${seals}/contracts`, {
      displayName: 'Verträge',
      quality: 'seal.aes',
    });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe(SEAL_ERRORS.qualityFixed);
    const renamed = await as(t, cast.admin)<TSeal>('PUT', `${seals}/contracts`, {
      displayName: 'Verträge und Offerten',
    });
    expect(renamed.body).toMatchObject({
      displayName: 'Verträge und Offerten',
      quality: 'seal.qes',
    });

    const doc = await uploadPdf(t, cast.member.token, await makeTestPdf(), 'Vertrag QES-Siegel');
    const request = await as(t, cast.member)<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Vertrag QES-Siegel',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: cast.member.email, signature_level: 'QES' }],
    });
    const id = request.body.id;
    await as(t, cast.member)('POST', `/v3/signature-requests/${id}/initiate`);
    await as(t, cast.admin)('POST', `${seals}/contracts/members`, {
      members: [cast.member.user.id],
    });
    // No TAN: a seal is the business's, not the caller's own certificate.
    const sealed = await signBatch(t, cast.member.token, [
      { signatureRequestId: id, sealAccountName: 'contracts' },
    ]);
    expect(sealed[0], JSON.stringify(sealed)).toMatchObject({ ok: true, status_overall: 'SIGNED' });
    const pdf = await download({ Authorization: `Bearer ${cast.member.token}` }, doc.id);
    const verdict = pdfsig(pdf);
    expect(verdict.signatures[0]?.valid, verdict.signatures[0]?.text).toBe(true);
    expect(subjectOf(pdf)).toContain('CN=Verträge');
    const qc = qcStatementsOf(dumpSignatureCms(pdf)[0] as string);
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.6.2')))).toBe(true); // QcType eSeal
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.6.1')))).toBe(false); // not eSign
    expect(qc.includes(Buffer.from(oidDer('0.4.0.1862.1.1')))).toBe(false); // never QcCompliance
    expect(qc.includes(Buffer.from('TEST SYSTEM'))).toBe(true);
    const words = pdfText(pdf);
    expect(words).toContain('Qualified electronic seal – DEMO, Test System');
    const events = await as(t, cast.member)<{
      events: { type: string; data: Record<string, unknown> }[];
    }>('GET', `/v3/signature-requests/${id}/events`);
    expect(events.body.events.find((e) => e.type === 'signed')?.data).toMatchObject({
      quality: 'SEAL',
      seal: 'contracts',
      seal_quality: 'seal.qes',
    });
  });

  it('seal 20 invoices in one batch for an API user the seal is granted to', async () => {
    const api = await as(t, cast.admin)<TApiUserWithKey>(
      'POST',
      `/v1/businesses/${cast.business.id}/apis`,
      { name: 'Billing' },
    );
    const headers = {
      Authorization: `Basic ${Buffer.from(`${api.body.username}:${api.body.apiKey}`).toString('base64')}`,
    };
    const call = <T>(method: string, path: string, body?: unknown) =>
      t.request<T>(method, `/api${path}`, { headers, ...(body !== undefined ? { body } : {}) });
    const pdf = Buffer.from(await makeTestPdf()).toString('base64');
    const ids: string[] = [];
    const docs: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const created = await call<TSignatureRequest>('POST', '/v3/signature-requests', {
        title: `Invoice ${i}`,
        documents: [{ title: `Invoice ${i}`, content: pdf }],
        signatures: [{ account_email: api.body.accountEmail }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(
        (await call('POST', `/v3/signature-requests/${created.body.id}/initiate`)).status,
      ).toBe(200);
      ids.push(created.body.id);
      docs.push((created.body.documents[0] as TDocument).id);
    }
    const batch = ids.map((signatureRequestId) => ({
      signatureRequestId,
      sealAccountName: 'invoices',
    }));
    const notGranted = await call<{ code: string }>('POST', '/v3/sign', batch);
    expect(notGranted.status).toBe(403);
    expect(notGranted.body.code).toBe(SEAL_ERRORS.notAllowed);

    const grant = await as(t, cast.admin)<TSeal>('PUT', `${seals}/invoices`, {
      displayName: 'Rechnungen',
      apiUsers: [api.body.username],
    });
    expect(grant.body.apiUsers).toEqual([api.body.username]);
    // The batch also names a request that does not exist and the first invoice a second time:
    // those two are refused, the 20 others sealed, every result in the batch's order.
    const unknown = '00000000-0000-4000-8000-000000000000';
    const mixed = [
      ...batch.slice(0, 10),
      { signatureRequestId: unknown, sealAccountName: 'invoices' },
      ...batch.slice(10),
      batch[0] as (typeof batch)[number],
    ];
    const sealed = await call<
      { signatureRequestId: string; ok: boolean; status_overall: string; code?: string }[]
    >('POST', '/v3/sign', mixed);
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200);
    expect(sealed.body.map((r) => r.signatureRequestId)).toEqual(
      mixed.map((e) => e.signatureRequestId),
    );
    expect(sealed.body[10]).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    // The first invoice named twice is sealed once: whichever of its two entries commits first
    // (they run side by side), the other is refused.
    expect([sealed.body[0]?.ok, sealed.body[21]?.ok].filter(Boolean)).toHaveLength(1);
    const done = sealed.body.filter((_, i) => i !== 10 && i !== 21 && i !== 0);
    expect(done.every((r) => r.ok && r.status_overall === 'SIGNED')).toBe(true);
    const first = [sealed.body[0], sealed.body[21]].find((r) => r?.ok);
    expect(first?.status_overall).toBe('SIGNED');
    // One signature each (the second entry of the first invoice signed nothing), valid for
    // poppler and MuPDF, then the document time stamp over the whole file (B-LTA).
    for (const docId of docs) {
      const signed = await download(headers, docId);
      const verdict = pdfsig(signed).signatures;
      expect(verdict.map((s) => s.totalDocument)).toEqual([false, true]);
      expect(verdict[0]?.subFilter).toBe('ETSI.CAdES.detached');
      // poppler 22 lists the document time stamp but does not check RFC 3161 tokens.
      expect(verdict[1]?.text).toContain('DocumentTimeStamp');
      expect(verdict[0]?.valid, verdict[0]?.text).toBe(true);
      expect(subjectOf(signed)).toContain('O=Muster AG');
      const mutool = mutoolVerify(signed);
      expect(mutool.output.match(/The signature is valid/g) ?? [], mutool.output).toHaveLength(1);
      expect(mutool.output).not.toMatch(/signature is invalid|Digest mismatch/i);
    }
    // The batch's one read of all its requests gives each what the one-request read gives, and
    // the same 404 for an unknown id, a malformed one and a stranger.
    const [account] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, api.body.accountEmail.toLowerCase()));
    const who = { userId: account?.id as string };
    const asked = [ids[3] as string, unknown, 'not-a-uuid', (ids[3] as string).toUpperCase()];
    const many = await loadRequestsForActor(t.db, asked, who);
    const one = await loadRequestForActor(t.db, ids[3] as string, who);
    expect(many.get(asked[0] as string)).toEqual(one);
    expect(many.get(asked[3] as string)).toEqual(one);
    expect(many.get(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(many.get('not-a-uuid')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const strangers = await loadRequestsForActor(t.db, [ids[3] as string], {
      userId: cast.stranger.user.id,
    });
    expect(strangers.get(ids[3] as string)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Nothing is left marked as being signed; each request has one 'signed' entry in its log and
    // gets its protocol once the batch has answered.
    const rows = await t.db
      .select({
        locked: signatureRequests.lockedUntil,
        protocol: signatureRequests.protocolBlobKey,
      })
      .from(signatureRequests)
      .where(inArray(signatureRequests.id, ids));
    expect(rows.every((r) => r.locked === null)).toBe(true);
    const signedEvents = await t.db
      .select({ requestId: requestEvents.requestId })
      .from(requestEvents)
      .where(and(inArray(requestEvents.requestId, ids), eq(requestEvents.type, 'signed')));
    expect(signedEvents).toHaveLength(20);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const built = await t.db
        .select({ id: signatureRequests.id })
        .from(signatureRequests)
        .where(
          and(inArray(signatureRequests.id, ids), isNotNull(signatureRequests.protocolBlobKey)),
        );
      if (built.length === ids.length) break;
      expect(Date.now() < deadline, `${built.length} of ${ids.length} protocols built`).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  it('take an image (PNG, JPEG or a self-contained SVG, rasterised) that their stamp shows; anything else is refused and changes nothing', async () => {
    const image = `${seals}/invoices/image`;
    const post = (who: { token: string }, bytes: Uint8Array | string, type: string) =>
      t.app.request(`/api${image}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': type },
        body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
      });
    const logo = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="2000000" height="1000000" viewBox="0 0 200 100">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0a5"/><stop offset="1" stop-color="#05a"/></linearGradient></defs>
  <rect x="4" y="4" width="192" height="92" rx="12" fill="url(#g)"/><circle cx="100" cy="50" r="30" fill="#fff"/>
</svg>`;
    // Members and strangers may not.
    expect((await post(cast.member, logo, 'image/svg+xml')).status).toBe(403);
    expect((await post(cast.stranger, logo, 'image/svg+xml')).status).toBe(404);
    const saved = await post(cast.admin, logo, 'image/svg+xml');
    const body = (await saved.json()) as TSeal;
    expect(saved.status, JSON.stringify(body)).toBe(200);
    expect(body.hasImage).toBe(true);
    const stored = await t.app.request(`/api${image}`, {
      headers: { Authorization: `Bearer ${cast.admin.token}` },
    });
    expect(stored.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await stored.arrayBuffer());
    // Rasterised at the stored box (2:1 → 1120 × 560), not at the million pixels it claimed.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1120, 560]);

    const refused: [string, string, number, string][] = [
      [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd" width="9" height="9"/></svg>',
        'image/svg+xml',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://example.com/x.png"/></svg>',
        'image/svg+xml',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
        'image/svg+xml',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/svg+xml',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://example.com/a)"/></svg>',
        'image/svg+xml',
        415,
        'UNSUPPORTED_IMAGE',
      ],
      ['<html><body>not an image</body></html>', 'image/png', 415, 'UNSUPPORTED_IMAGE'],
      ['x'.repeat(6 * 1024 * 1024), 'image/png', 413, 'IMAGE_TOO_LARGE'],
    ];
    for (const [bytes, type, status, code] of refused) {
      const res = await post(cast.admin, bytes, type);
      expect(res.status, bytes.slice(0, 80)).toBe(status);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
    const still = await t.app.request(`/api${image}`, {
      headers: { Authorization: `Bearer ${cast.admin.token}` },
    });
    expect(Buffer.from(await still.arrayBuffer()).equals(png)).toBe(true);

    // Sealing draws it into the stamp (with its soft mask), above the seal's name.
    await as(t, cast.admin)('POST', `${seals}/invoices/members`, {
      members: [cast.member.user.id],
    });
    const doc = await uploadPdf(t, cast.member.token, await makeTestPdf(), 'Rechnung 2026-050');
    const request = await as(t, cast.member)<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Rechnung 2026-050',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: cast.member.email }],
    });
    await as(t, cast.member)('POST', `/v3/signature-requests/${request.body.id}/initiate`);
    const sealed = await signBatch(t, cast.member.token, [
      { signatureRequestId: request.body.id, sealAccountName: 'invoices' },
    ]);
    expect(sealed[0], JSON.stringify(sealed)).toMatchObject({ ok: true });
    const pdf = await download({ Authorization: `Bearer ${cast.member.token}` }, doc.id);
    expect(pdfsig(pdf).signatures[0]?.valid).toBe(true);
    expect(pdfText(pdf)).toContain('Rechnungen');
    const dir = mkdtempSync(join(tmpdir(), 'signet-seal-'));
    try {
      writeFileSync(join(dir, 'doc.pdf'), pdf);
      const listed = spawnSync('pdfimages', ['-list', 'doc.pdf'], { cwd: dir, encoding: 'utf8' });
      expect(listed.stdout).toMatch(/\s+image\s+1120\s+560\s/);
      expect(listed.stdout).toMatch(/\s+smask\s+1120\s+560\s/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const removed = await as(t, cast.admin)<TSeal>('DELETE', image);
    expect(removed.body.hasImage).toBe(false);
    expect((await as(t, cast.admin)('GET', image)).status).toBe(404);
  });
});
