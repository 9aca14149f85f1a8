import { authorizationHeader } from '@signet/shared/api/client';
import { directCredentials } from '@signet/shared/direct-sign/direct-sign.constants';
import type { TDirectSignatureRequest } from '@signet/shared/direct-sign/direct-sign.schema';
import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { requireTool } from '../../pdf/test-tools.ts';
import type { TestApp } from '../../testing/app.ts';
import { signUp, uniqueEmail } from '../auth/testing.ts';
import { createDocumentsTestApp, uploadPdf } from '../documents/testing.ts';

type DocumentsTestApp = Awaited<ReturnType<typeof createDocumentsTestApp>>;

/** The ids of a signing link `/view/{id}/{userid}` and its query. */
export function linkParts(signingUrl: string): {
  id: string;
  userid: string;
  query: URLSearchParams;
} {
  const url = new URL(signingUrl);
  const [, view, id, userid] = url.pathname.split('/');
  expect(view).toBe('view');
  return { id: id as string, userid: userid as string, query: url.searchParams };
}

/** `Authorization: Basic …` of a signing link (what the direct pages send). */
export function basicFor(signingUrl: string): string {
  const { id, userid } = linkParts(signingUrl);
  const { username, password } = directCredentials(id, userid);
  return authorizationHeader({ type: 'basic', username, password });
}

/**
 * The proxy every call of the direct-sign tests comes through: their apps run with
 * TRUST_PROXY=true (one hop) and this socket peer, so X-Forwarded-For names the client.
 */
export const PROXY_PEER = '10.0.0.1';

let ipCounter = 0;
/** A fresh client address per call (behind {@link PROXY_PEER}), so failure limits stay per test. */
export function freshIp(): Record<string, string> {
  ipCounter += 1;
  return { 'X-Forwarded-For': `198.51.${100 + Math.floor(ipCounter / 250)}.${ipCounter % 250}` };
}

/** Calls the app as the holder of a signing link. */
export function asSigner(t: TestApp, signingUrl: string, headers: Record<string, string> = {}) {
  const auth = basicFor(signingUrl);
  return <T = unknown>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, path, {
      ...(body !== undefined ? { body } : {}),
      headers: { Authorization: auth, ...headers },
    });
}

/** Creates a request through the API with an uploaded document and sends it. */
export async function sendRequest(
  t: TestApp,
  ownerToken: string,
  doc: TDocument,
  body: Record<string, unknown>,
): Promise<TSignatureRequest> {
  const created = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
    token: ownerToken,
    body: { title: 'Contratto di servizio', documents: [{ document_id: doc.id }], ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await t.request<TSignatureRequest>(
    'POST',
    `/api/v3/signature-requests/${created.body.id}/initiate`,
    { token: ownerToken },
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

/** The signing URL of the signer with `email` (as the owner sees it). */
export function signingUrlOf(request: TSignatureRequest, email: string): string {
  const signer = request.signatures.find((s) => s.signer_identity_data.email_address === email);
  expect(signer?.signing_url, `a signing link for ${email}`).toBeTruthy();
  return signer?.signing_url as string;
}

/** The six-digit code in the newest mail or SMS to `to`. */
export async function tanSentTo(t: TestApp, to: string): Promise<string> {
  const message = await t.mailbox.last(to);
  expect(message?.text, `a code sent to ${to}`).toBeTruthy();
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  expect(code, message?.text ?? '').toBeTruthy();
  return code as string;
}

/** Reads the request as its direct signer. */
export async function readAsSigner(
  t: TestApp,
  signingUrl: string,
): Promise<TDirectSignatureRequest> {
  const { id } = linkParts(signingUrl);
  const res = await asSigner(t, signingUrl)<TDirectSignatureRequest>(
    'GET',
    `/api/v3/direct/signature-requests/${id}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/**
 * A sent request with one direct signer (Giulia, Italian, with a mobile number unless `mobile`
 * is null), optionally asked for AES or QES under a legislation, and an account signer after
 * her. The document is uploaded when none is given.
 */
export async function sendDirectRequest(
  t: DocumentsTestApp,
  ownerToken: string,
  options: {
    mobile?: string | null;
    nextSigner?: string;
    doc?: TDocument;
    level?: 'AES' | 'QES';
    legislation?: 'EIDAS' | 'ZERTES';
  } = {},
): Promise<{ request: TSignatureRequest; url: string; email: string; mobile: string | null }> {
  const email = uniqueEmail('giulia');
  const mobile = options.mobile === undefined ? '+39 347 555 0142' : options.mobile;
  const doc = options.doc ?? (await uploadPdf(t, ownerToken, await makeTestPdf({ pages: 2 })));
  const request = await sendRequest(t, ownerToken, doc, {
    direct_sign: true,
    exit_urls: { exitUrl: 'https://shop.example.it/grazie?ordine=42' },
    signatures: [
      {
        signer_identity_data: {
          email_address: email,
          first_name: 'Giulia',
          last_name: 'Rossi',
          language: 'it',
          ...(mobile ? { mobile_number: mobile } : {}),
        },
        direct: true,
        order: 1,
        ...(options.level ? { signature_level: options.level } : {}),
        ...(options.legislation ? { legislation: options.legislation } : {}),
      },
      ...(options.nextSigner ? [{ account_email: options.nextSigner, order: 2 }] : []),
    ],
  });
  return {
    request,
    url: signingUrlOf(request, email),
    email,
    mobile: mobile ? `+${mobile.replace(/\D/g, '')}` : null,
  };
}

/**
 * The app of a direct-sign route suite (calls behind one trusted proxy hop, {@link PROXY_PEER})
 * and the sender of its requests, Olivia: made before the suite's tests, closed after them.
 */
export function directSignSuite(): {
  t: DocumentsTestApp;
  owner: Awaited<ReturnType<typeof signUp>>;
} {
  const suite = {} as { t: DocumentsTestApp; owner: Awaited<ReturnType<typeof signUp>> };
  beforeAll(async () => {
    requireTool('pdfsig');
    suite.t = await createDocumentsTestApp({ TRUST_PROXY: 'true' }, { peer: PROXY_PEER });
    suite.owner = await signUp(suite.t, { firstName: 'Olivia' });
  });
  afterAll(() => suite.t.cleanup());
  return suite;
}
