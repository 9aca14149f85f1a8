import { REQUEST_CLOCK_PATH } from '@signet/shared/signature-request/signature-request.constants';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { createRequest, insertDocument } from '../signature-requests/testing.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let anna: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { firstName: 'Olivia' });
  anna = await signUp(t, { firstName: 'Anna' });
}, 120_000);
afterAll(() => t.close());

describe('the test-mode request clock', () => {
  it('expires an open request now, through the expiry sweep (event and mails)', async () => {
    const doc = await insertDocument(t, owner.user.id);
    const created = await createRequest(t, owner.token, {
      title: 'Lease',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: anna.email }],
    });
    // A draft is not open: nothing to expire.
    const draft = await t.request('POST', REQUEST_CLOCK_PATH, { body: { requestId: created.id } });
    expect(draft.status).toBe(404);
    await t.request('POST', `/api/v3/signature-requests/${created.id}/initiate`, {
      token: owner.token,
    });
    const res = await t.request<{ expired: string[] }>('POST', REQUEST_CLOCK_PATH, {
      body: { requestId: created.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.expired).toContain(created.id);
    const after = await t.request<TSignatureRequest>(
      'GET',
      `/api/v3/signature-requests/${created.id}`,
      { token: owner.token },
    );
    expect(after.body.status_overall).toBe('EXPIRED');
    expect((await t.mailbox.last(anna.email))?.template).toBe('request-expired');
    const bad = await t.request('POST', REQUEST_CLOCK_PATH, { body: { requestId: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('does not exist outside test mode', async () => {
    const dev = await createTestApp({ env: { SIGNET_MODE: 'development' }, database: t.database });
    try {
      const res = await dev.request('POST', REQUEST_CLOCK_PATH, {
        body: { requestId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.status).toBe(404);
    } finally {
      await dev.close();
    }
  });
});
