import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TAccountActivityList } from '@signet/shared/activity/activity.schema';
import {
  API_USER_ERRORS,
  API_USERNAME_PATTERN,
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_SIGNATURE_HEADER,
} from '@signet/shared/api-user/api-user.constants';
import type {
  TApiUser,
  TApiUserWithKey,
  TCallbackBody,
} from '@signet/shared/api-user/api-user.schema';
import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/outbox.ts';
import { createWorker } from '../../jobs/worker.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { pdfsig, requireTool } from '../../pdf/test-tools.ts';
import { apiCallbackHandlers } from '../../services/api-users/callback-job.ts';
import { signUp } from '../auth/testing.ts';
import { as, businessCast, newBusiness, type Person } from '../businesses/testing.ts';
import { createDocumentsTestApp } from '../documents/testing.ts';
import { signBatch } from '../signing/testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;

let t: App;
let cast: Awaited<ReturnType<typeof businessCast>>;

/** A customer's endpoint: records every callback (raw body and headers); `fail` answers 500. */
type Hook = { url: string; calls: { path: string; body: string; signature: string }[] };
let hook: Hook;
let server: Server;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  requireTool('pdfsig');
  t = await createDocumentsTestApp();
  cast = await businessCast(t);
  hook = { url: '', calls: [] };
  server = createServer(async (req, res) => {
    const body = await read(req);
    hook.calls.push({
      path: req.url ?? '',
      body,
      signature: String(req.headers[CALLBACK_SIGNATURE_HEADER.toLowerCase()] ?? ''),
    });
    res.statusCode = req.url?.startsWith('/fail') ? 500 : 204;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.cleanup();
});

/** HTTP calls with only an API user's credentials, as a customer's integration makes them. */
const basic = (username: string, key: string) => ({
  Authorization: `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}`,
});
const withKey =
  (user: { username: string; apiKey: string }) =>
  <T = unknown>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `/api${path}`, {
      headers: basic(user.username, user.apiKey),
      ...(body !== undefined ? { body } : {}),
    });

async function createApiUser(admin: Person, businessId: string, name: string) {
  const res = await as(t, admin)<TApiUserWithKey>('POST', `/v1/businesses/${businessId}/apis`, {
    name,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function accountLog(admin: Person, businessId: string) {
  const res = await as(t, admin)<TAccountActivityList>(
    'GET',
    `/v2/businesses/${businessId}/activities/accounts?size=100`,
  );
  expect(res.status).toBe(200);
  return res.body.items;
}

describe('API users', () => {
  it('are managed by admins only; the key is shown at creation and reset, never listed', async () => {
    const created = await createApiUser(cast.admin, cast.business.id, 'ERP Export');
    expect(created.username).toMatch(API_USERNAME_PATTERN);
    expect(created.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const apis = `/v1/businesses/${cast.business.id}/apis`;
    const list = await as(t, cast.admin)<TApiUser[]>('GET', apis);
    expect(list.status).toBe(200);
    const listed = list.body.find((u) => u.username === created.username);
    expect(listed).toMatchObject({ name: 'ERP Export', lastUsedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(created.apiKey);
    expect((await as(t, cast.member)('GET', apis)).status).toBe(403);
    expect((await as(t, cast.stranger)('GET', apis)).status).toBe(404);
    expect((await as(t, cast.member)('POST', apis, { name: 'Mine' })).status).toBe(403);
    expect((await as(t, cast.admin)('POST', apis, { name: '' })).status).toBe(400);

    const renamed = await as(t, cast.admin)<TApiUser>('PUT', `${apis}/${created.username}`, {
      name: 'ERP',
    });
    expect(renamed.body).toMatchObject({ username: created.username, name: 'ERP' });
    expect(
      (await as(t, cast.admin)('PUT', `${apis}/api_nobody_00000000`, { name: 'x' })).status,
    ).toBe(404);

    // The key works, is noted as used; a reset ends it at once and the new one works.
    expect((await withKey(created)('GET', '/v3/signature-requests-redesign')).status).toBe(200);
    const used = await as(t, cast.admin)<TApiUser[]>('GET', apis);
    expect(used.body.find((u) => u.username === created.username)?.lastUsedAt).not.toBeNull();
    const reset = await as(t, cast.admin)<TApiUserWithKey>(
      'PUT',
      `${apis}/${created.username}/reset`,
    );
    expect(reset.status).toBe(200);
    expect(reset.body.apiKey).not.toBe(created.apiKey);
    const old = await withKey(created)('GET', '/v3/signature-requests-redesign');
    expect(old.status).toBe(401);
    expect(old.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await withKey(reset.body)('GET', '/v3/signature-requests-redesign')).status).toBe(200);
    expect(
      (await withKey({ ...reset.body, apiKey: 'x' })('GET', '/v3/signature-requests-redesign'))
        .status,
    ).toBe(401);

    const deleted = await as(t, cast.admin)('DELETE', `${apis}/${created.username}`);
    expect(deleted.status).toBe(200);
    expect((await withKey(reset.body)('GET', '/v3/signature-requests-redesign')).status).toBe(401);

    const log = await accountLog(cast.admin, cast.business.id);
    const types = log.filter((e) => e.subject === created.username).map((e) => e.type);
    for (const type of [
      'api_user_created',
      'api_user_renamed',
      'api_user_key_reset',
      'api_user_deleted',
    ]) {
      expect(types).toContain(type);
    }
  });

  it('call the v3 API only, each call in the business activity log', async () => {
    const api = await createApiUser(cast.admin, cast.business.id, 'Scope check');
    const own = await withKey(api)<{ code: string }>('GET', '/v1/user');
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(API_USER_ERRORS.notForApiUsers);
    expect((await withKey(api)('GET', `/v1/businesses/${cast.business.id}/apis`)).status).toBe(403);
    expect((await withKey(api)('GET', '/v3/signature-requests-redesign')).status).toBe(200);
    const calls = (await accountLog(cast.admin, cast.business.id)).filter(
      (e) => e.type === 'api_call' && e.subject === api.username,
    );
    expect(calls.map((c) => [c.data.method, c.data.path, c.data.status])).toEqual(
      expect.arrayContaining([
        ['GET', '/v1/user', 403],
        ['GET', '/v1/businesses/{id}/apis', 403],
        ['GET', '/v3/signature-requests-redesign', 200],
      ]),
    );
  });

  it("never see another business's requests or documents", async () => {
    const other = await newBusiness(t, 'Andere GmbH');
    const theirs = await createApiUser(other.admin, other.business.id, 'Other ERP');
    const ours = await createApiUser(cast.admin, cast.business.id, 'Our ERP');
    const pdf = await makeTestPdf();
    const doc = await withKey(ours)<TDocument>('POST', '/v3/documents', {
      title: 'Invoice',
      content: Buffer.from(pdf).toString('base64'),
    });
    expect(doc.status).toBe(201);
    const req = await withKey(ours)<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Invoice 1',
      documents: [{ document_id: doc.body.id }],
      signatures: [{ account_email: cast.member.email }],
    });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const id = req.body.id;
    for (const [method, path] of [
      ['GET', `/v3/signature-requests/${id}`],
      ['GET', `/v3/signature-requests/${id}/events`],
      ['POST', `/v3/signature-requests/${id}/initiate`],
      ['DELETE', `/v3/signature-requests/${id}`],
      ['GET', `/v3/documents/${doc.body.id}`],
      ['GET', `/v3/documents/${doc.body.id}/download`],
      ['DELETE', `/v3/documents/${doc.body.id}`],
    ] as const) {
      expect((await withKey(theirs)(method, path)).status, `${method} ${path}`).toBe(404);
    }
    const list = await withKey(theirs)<{ items: unknown[] }>(
      'GET',
      '/v3/signature-requests-redesign',
    );
    expect(list.body.items).toHaveLength(0);
    expect((await withKey(ours)('GET', `/v3/signature-requests/${id}`)).status).toBe(200);
  });

  it('callback URLs are for API users and http(s) only', async () => {
    const api = await createApiUser(cast.admin, cast.business.id, 'Callbacks');
    const person = await as(t, cast.admin)<{ code: string }>('POST', '/v3/signature-requests', {
      title: 'Mine',
      callback_success_url: `${hook.url}/done`,
    });
    expect(person.status).toBe(403);
    expect(person.body.code).toBe(API_USER_ERRORS.callbackNotAllowed);
    const ftp = await withKey(api)('POST', '/v3/signature-requests', {
      title: 'Bad',
      callback_success_url: 'ftp://example.com/x',
    });
    expect(ftp.status).toBe(400);
  });
});

describe('a customer integration with only API credentials', () => {
  it('creates a request from a PDF, hears each step by signed callbacks, downloads the signed PDF', async () => {
    const api = await createApiUser(cast.admin, cast.business.id, 'Integration');
    const call = withKey(api);
    const signer = await signUp(t, { firstName: 'Zofia' });
    const pdf = await makeTestPdf();
    const created = await call<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Umowa — Übereinkunft — Συμφωνία',
      documents: [{ title: 'Contract', content: Buffer.from(pdf).toString('base64') }],
      signatures: [{ account_email: signer.email }],
      callback_success_url: `${hook.url}/success?ref=42`,
      callback_error_url: `${hook.url}/error`,
      callback_update_url: `${hook.url}/update`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const docId = created.body.documents[0]?.id as string;
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`)).status).toBe(200);

    hook.calls.length = 0;
    const signed = await signBatch(t, signer.token, [{ signatureRequestId: id }]);
    expect(signed[0]).toMatchObject({ ok: true, status_overall: 'SIGNED' });
    await t.worker.drain();

    const mine = hook.calls.filter((c) => c.body.includes(id));
    const paths = mine.map((c) => c.path);
    expect(paths).toContain('/update');
    expect(paths).toContain('/success?ref=42');
    for (const c of mine) {
      const expected = `sha256=${createHmac('sha256', api.apiKey).update(c.body).digest('hex')}`;
      expect(c.signature).toBe(expected);
    }
    const success = JSON.parse(
      mine.find((c) => c.path.startsWith('/success'))?.body ?? '{}',
    ) as TCallbackBody;
    expect(success).toMatchObject({
      callback: 'success',
      event: 'completed',
      signature_request_id: id,
      status_overall: 'SIGNED',
      signatures: [{ account_email: signer.email, status_code: 'SIGNED' }],
    });

    const status = await call<TSignatureRequest>('GET', `/v3/signature-requests/${id}`);
    expect(status.body.status_overall).toBe('SIGNED');
    const download = await t.app.request(`/api/v3/documents/${docId}/download?signed=true`, {
      headers: basic(api.username, api.apiKey),
    });
    expect(download.status).toBe(200);
    const report = pdfsig(new Uint8Array(await download.arrayBuffer()));
    // The signer's CAdES signature, then the B-LTA document time stamp (which poppler 22's
    // pdfsig does not check; the signing tests verify it with openssl).
    expect(report.signatures).toHaveLength(2);
    expect(report.signatures[0]?.valid, report.signatures[0]?.text).toBe(true);
    expect(report.signatures[1]?.totalDocument).toBe(true);

    // The request counts for the business, and the admin sees every call and callback.
    const log = await accountLog(cast.admin, cast.business.id);
    const callbacks = log.filter((e) => e.type === 'api_callback' && e.data.requestId === id);
    expect(callbacks.some((e) => e.data.kind === 'success' && e.data.ok === true)).toBe(true);
    const calls = log.filter((e) => e.type === 'api_call' && e.subject === api.username);
    expect(calls.map((e) => e.data.path)).toEqual(
      expect.arrayContaining([
        '/v3/signature-requests',
        '/v3/signature-requests/{id}/initiate',
        '/v3/documents/{id}/download',
      ]),
    );
  });

  it('a callback endpoint that fails never blocks signing; it is retried, then marked failed', async () => {
    const api = await createApiUser(cast.admin, cast.business.id, 'Flaky');
    const signer = await signUp(t, { firstName: 'Eleni' });
    const created = await withKey(api)<TSignatureRequest>('POST', '/v3/signature-requests', {
      title: 'Flaky hook',
      documents: [
        { title: 'Contract', content: Buffer.from(await makeTestPdf()).toString('base64') },
      ],
      signatures: [{ account_email: signer.email }],
      callback_success_url: `${hook.url}/fail`,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await withKey(api)('POST', `/v3/signature-requests/${id}/initiate`)).status).toBe(200);
    await t.worker.drain();
    const signed = await signBatch(t, signer.token, [{ signatureRequestId: id }]);
    expect(signed[0]).toMatchObject({ ok: true, status_overall: 'SIGNED' });

    // A worker without waits between attempts (the real one backs off from 30 s), a day ahead.
    const later = new Date(Date.now() + 86_400_000);
    const worker = createWorker({
      now: () => later,
      db: t.db,
      log: t.deps.log,
      mailer: t.deps.mailer,
      config: t.config,
      handlers: apiCallbackHandlers({ db: t.db, config: t.config }),
      baseDelayMs: 0,
    });
    await worker.drain();
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'api-callback'));
    const failed = rows.filter(
      (j) =>
        (j.payload as { requestId: string; eventType: string }).requestId === id &&
        (j.payload as { eventType: string }).eventType === 'completed',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status: 'dead', attempts: CALLBACK_MAX_ATTEMPTS });
    const attempts = (await accountLog(cast.admin, cast.business.id)).filter(
      (e) => e.type === 'api_callback' && e.data.requestId === id,
    );
    expect(attempts).toHaveLength(CALLBACK_MAX_ATTEMPTS);
    expect(attempts.every((e) => e.data.status === 500 && e.data.ok === false)).toBe(true);
  });
});
