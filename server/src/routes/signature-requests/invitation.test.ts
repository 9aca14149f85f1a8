import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { TSessionWithUser, TValidConfirmationResult } from '@signet/shared/user/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { GOOD_PASSWORD, signUp, uniqueEmail } from '../auth/testing.ts';
import { createRequest, insertDocument } from './testing.ts';

type Session = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Session;
let known: Session;

const R = '/api/v3/signature-requests';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { firstName: 'Olivia' });
  known = await signUp(t, { firstName: 'Kurt' });
}, 120_000);
afterAll(() => t.close());

async function sendTo(emails: string[]): Promise<TSignatureRequest> {
  const doc = await insertDocument(t, owner.user.id);
  const r = await createRequest(t, owner.token, {
    title: 'Lease',
    documents: [{ document_id: doc.id }],
    signatures: emails.map((email) => ({ signer_identity_data: { email_address: email } })),
  });
  const sent = await t.request<TSignatureRequest>('POST', `${R}/${r.id}/initiate`, {
    token: owner.token,
  });
  expect(sent.status).toBe(200);
  return sent.body;
}

/** The request link of the newest invitation or reminder to `to`. */
async function invitationLink(to: string, template = 'request-invitation'): Promise<URL> {
  const mail = await t.mailbox.last(to);
  expect(mail?.template).toBe(template);
  const link = mail?.links.find((l) => l.includes('/view/') || l.includes('/signup/steps'));
  expect(link, JSON.stringify(mail?.links)).toBeTruthy();
  return new URL(link as string);
}

const register = (token: string, firstName = 'Nora') =>
  t.request<TSessionWithUser & { code?: string }>('POST', '/api/v1/register', {
    body: { firstName, lastName: 'Neu', password: GOOD_PASSWORD, token, gtc: true, lang: 'en' },
  });

describe('invitation to signature in one step', () => {
  it('an address without an account gets a single-use signup token bound to it, no second mail', async () => {
    const newcomer = uniqueEmail('newcomer');
    const r = await sendTo([newcomer, known.email]);

    // The account holder's link is the request itself (logging in first when needed).
    const knownLink = await invitationLink(known.email);
    expect(knownLink.pathname).toBe(`/view/${r.id}`);
    expect(knownLink.searchParams.get('token')).toBeNull();

    const link = await invitationLink(newcomer);
    expect(link.pathname).toBe('/signup/steps');
    expect(link.searchParams.get('redirect')).toBe(`/view/${r.id}`);
    // The owner registered in German, so the link opens the page in German.
    expect(link.searchParams.get('lang')).toBe('de');
    const token = link.searchParams.get('token') as string;
    const check = await t.request<TValidConfirmationResult>('POST', '/api/v1/valid-confirmation', {
      body: { token },
    });
    expect(check.body).toEqual({ valid: true, email: newcomer, flow: 'invitation' });

    const mailsBefore = (await t.mailbox.all(newcomer)).length;
    const res = await register(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(newcomer);
    expect(res.body.user.emailVerified).toBe(true);
    // Registering sent nothing more: the invitation was the only mail.
    expect((await t.mailbox.all(newcomer)).length).toBe(mailsBefore);

    // Signed in, the invitee is the request's signer and may sign now.
    const view = await t.request<TSignatureRequest>('GET', `${R}/${r.id}`, {
      token: res.body.token,
    });
    expect(view.status).toBe(200);
    expect(view.body.my_roles).toEqual(['signer']);
    const mine = view.body.signatures.find(
      (s) => s.signer_identity_data.email_address === newcomer,
    );
    expect(mine?.status_code).toBe('OPEN');
    expect(mine?.name).toBe('Nora Neu');

    // Single use: the same link can create nothing more.
    const again = await register(token, 'Mallory');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    const reused = await t.request<TValidConfirmationResult>('POST', '/api/v1/valid-confirmation', {
      body: { token },
    });
    expect(reused.body.valid).toBe(false);
  });

  it('a reminder brings a fresh token; once the address has an account, neither works', async () => {
    const newcomer = uniqueEmail('late');
    const r = await sendTo([newcomer]);
    const first = (await invitationLink(newcomer)).searchParams.get('token') as string;
    const remind = await t.request('POST', `${R}/${r.id}/remind`, { token: owner.token });
    expect(remind.status).toBe(200);
    const second = (await invitationLink(newcomer, 'request-reminder')).searchParams.get(
      'token',
    ) as string;
    expect(second).not.toBe(first);

    expect((await register(second)).status).toBe(200);
    const old = await register(first, 'Mallory');
    expect(old.status).toBe(409);
    expect(old.body.code).toBe('EMAIL_TAKEN');
    const check = await t.request<TValidConfirmationResult>('POST', '/api/v1/valid-confirmation', {
      body: { token: first },
    });
    expect(check.body.valid).toBe(false);
    // A later mail to the same address links to the request, since the account exists now.
    const doc = await insertDocument(t, owner.user.id);
    const other = await createRequest(t, owner.token, {
      title: 'Second',
      documents: [{ document_id: doc.id }],
      signatures: [{ account_email: newcomer }],
    });
    await t.request('POST', `${R}/${other.id}/initiate`, { token: owner.token });
    expect((await invitationLink(newcomer)).pathname).toBe(`/view/${other.id}`);
  });

  it('a token is bound to its address: it cannot register another one', async () => {
    const newcomer = uniqueEmail('bound');
    await sendTo([newcomer]);
    const token = (await invitationLink(newcomer)).searchParams.get('token') as string;
    // The register call has no address field: the account is always the token's address.
    const res = await t.request<{ code: string }>('POST', '/api/v1/register', {
      body: {
        firstName: 'Eve',
        lastName: 'Evil',
        password: GOOD_PASSWORD,
        token,
        gtc: true,
        lang: 'en',
        email: 'eve@example.com',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const ok = await register(token);
    expect(ok.body.user.email).toBe(newcomer);
  });
});
