import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { uploadPdf } from '../documents/testing.ts';
import { createRequest } from './testing.ts';

/**
 * A draft is its owner's alone; once sent, signers and observers see the request but not where
 * the others acted from (IP address, browser): that stays with the owner.
 */

const R = '/api/v3/signature-requests';
const OWNER_IP = '198.51.100.7';
const OWNER_AGENT = 'Mozilla/5.0 (Owner Browser)';

type Session = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Session;
let signer: Session;
let observer: Session;
let request: TSignatureRequest;
let documentId: string;

const as = (who: Session, method: string, path: string, body?: unknown) =>
  t.request<Record<string, unknown>>(method, path, {
    token: who.token,
    remoteAddress: who === owner ? OWNER_IP : '203.0.113.50',
    headers: { 'User-Agent': who === owner ? OWNER_AGENT : 'Participant Browser' },
    ...(body !== undefined ? { body } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  [owner, signer, observer] = [await signUp(t), await signUp(t), await signUp(t)];
  const doc = await uploadPdf(t, owner.token, await makeTestPdf({ pages: 1 }), 'Lease');
  documentId = doc.id;
  request = await createRequest(t, owner.token, {
    title: 'Lease',
    documents: [{ document_id: doc.id }],
    signatures: [{ account_email: signer.email }],
    observers: [observer.email],
  });
  // An owner action with the owner's IP and browser in the evidence.
  expect((await as(owner, 'PUT', `${R}/${request.id}`, { title: 'Lease 2026' })).status).toBe(200);
});
afterAll(() => t.close());

const participantPaths = () => [
  `${R}/${request.id}`,
  `${R}/${request.id}/status`,
  `${R}/${request.id}/events`,
  `${R}/${request.id}/report?type=json`,
  `${R}/${request.id}/zip`,
  `/api/v3/documents/${documentId}`,
  `/api/v3/documents/${documentId}/download`,
  `/api/v3/documents/${documentId}/pages/1`,
];

describe('a draft', () => {
  it('is hidden from its signers and observers: 404 everywhere, not on their dashboard', async () => {
    for (const who of [signer, observer]) {
      for (const path of participantPaths()) {
        const res = await as(who, 'GET', path);
        expect(res.status, path).toBe(404);
      }
      const list = await as(who, 'GET', '/api/v3/signature-requests-redesign');
      expect((list.body.items as { id: string }[]).map((i) => i.id)).not.toContain(request.id);
    }
    // The owner sees it, and finds it by a signer's address.
    const mine = await as(
      owner,
      'GET',
      `/api/v3/signature-requests-redesign?search=${encodeURIComponent(signer.email)}`,
    );
    expect((mine.body.items as { id: string }[]).map((i) => i.id)).toContain(request.id);
  });
});

describe('once sent', () => {
  beforeAll(async () => {
    expect((await as(owner, 'POST', `${R}/${request.id}/initiate`)).status).toBe(200);
    // The signer looks at it: a 'viewed' event with the signer's IP.
    expect((await as(signer, 'GET', `${R}/${request.id}`)).status).toBe(200);
  });

  it('signers and observers see it, and it is on their dashboards', async () => {
    for (const who of [signer, observer]) {
      expect((await as(who, 'GET', `${R}/${request.id}`)).status).toBe(200);
      expect((await as(who, 'GET', `/api/v3/documents/${documentId}`)).status).toBe(200);
      const list = await as(who, 'GET', '/api/v3/signature-requests-redesign');
      expect((list.body.items as { id: string }[]).map((i) => i.id)).toContain(request.id);
    }
  });

  it('only the owner sees IP addresses and browsers in the events and the reports', async () => {
    type Events = { events: { ip: string | null; user_agent: string | null }[] };
    const ownerEvents = (await as(owner, 'GET', `${R}/${request.id}/events`))
      .body as unknown as Events;
    expect(ownerEvents.events.some((e) => e.ip === OWNER_IP && e.user_agent === OWNER_AGENT)).toBe(
      true,
    );
    expect(ownerEvents.events.some((e) => e.ip === '203.0.113.50')).toBe(true);

    for (const who of [signer, observer]) {
      const events = (await as(who, 'GET', `${R}/${request.id}/events`))
        .body as unknown as Events & { integrity: { ok: boolean } };
      expect(events.events.length).toBe(ownerEvents.events.length);
      expect(events.events.every((e) => e.ip === null && e.user_agent === null)).toBe(true);
      // The chain is still verified (on the server, over the full entries).
      expect(events.integrity.ok).toBe(true);
      const json = await as(who, 'GET', `${R}/${request.id}/report?type=json`);
      expect(JSON.stringify(json.body)).not.toContain(OWNER_IP);
      expect(JSON.stringify(json.body)).not.toContain('Owner Browser');
      const html = await t.app.request(`${R}/${request.id}/report?type=html`, {
        headers: { Authorization: `Bearer ${who.token}` },
      });
      expect(await html.text()).not.toContain(OWNER_IP);
    }
    const ownerJson = await as(owner, 'GET', `${R}/${request.id}/report?type=json`);
    expect(JSON.stringify(ownerJson.body)).toContain(OWNER_IP);
  });
});
