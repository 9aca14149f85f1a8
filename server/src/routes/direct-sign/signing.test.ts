import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerTans } from '../../db/schema/signer-tans.ts';
import { listSignatures } from '../../pdf/inspect.ts';
import { pdfsig, pdfText, requireTool } from '../../pdf/test-tools.ts';
import { protocolResponse } from '../../testing/protocol.ts';
import { signUp } from '../auth/testing.ts';
import { createDocumentsTestApp } from '../documents/testing.ts';
import {
  asSigner,
  freshIp,
  linkParts,
  PROXY_PEER,
  readAsSigner,
  sendDirectRequest,
  tanSentTo,
} from './testing.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
type Events = {
  events: { type: string; actor: { email: string | null }; data: Record<string, unknown> }[];
};
let t: App;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  requireTool('pdfsig');
  t = await createDocumentsTestApp({ TRUST_PROXY: 'true' }, { peer: PROXY_PEER });
  owner = await signUp(t, { firstName: 'Olivia' });
});
afterAll(() => t.cleanup());

async function binary(path: string, token: string): Promise<Uint8Array> {
  const res = await t.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** A sent request of Olivia's with one direct signer (see sendDirectRequest). */
const directRequest = (options: Parameters<typeof sendDirectRequest>[2] = {}) =>
  sendDirectRequest(t, owner.token, options);

describe('a direct signer asked for AES or QES', () => {
  it('is refused before any code is spent, and nothing is signed, until they identify', async () => {
    for (const level of ['AES', 'QES'] as const) {
      const flow = await directRequest({ level });
      const as = asSigner(t, flow.url, freshIp());
      const { id } = linkParts(flow.url);
      const refused = await as<{ code: string; details: { required: { quality: string } } }>(
        'POST',
        '/api/v3/direct/sign',
        { signatureRequestId: id, signingName: 'Giulia Rossi', language: 'it' },
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.code).toBe('QUALITY_TOO_LOW');
      expect(refused.body.details.required.quality).toBe(level);
      const seen = await t.request<TSignatureRequest>(
        'GET',
        `/api/v3/signature-requests/${flow.request.id}`,
        { token: owner.token },
      );
      expect(seen.body.status_overall).toBe('OPEN');
      expect(seen.body.signatures[0]?.status_code).toBe('OPEN');
    }
  });
});

describe('a direct signer signs in Italian with an SMS code, then an account signer', () => {
  let bruno: Awaited<ReturnType<typeof signUp>>;
  let flow: Awaited<ReturnType<typeof directRequest>>;
  let as: ReturnType<typeof asSigner>;

  beforeAll(async () => {
    bruno = await signUp(t, { firstName: 'Bruno' });
    flow = await directRequest({ nextSigner: bruno.email });
    as = asSigner(t, flow.url, freshIp());
  });

  it('reads the request as the signer, in their language, with a masked number', async () => {
    const read = await readAsSigner(t, flow.url);
    expect(read.me).toMatchObject({
      email: flow.email,
      first_name: 'Giulia',
      language: 'it',
      mobile: '•••• 42',
      status_code: 'OPEN',
    });
    expect(read.my_roles).toEqual(['signer']);
    const visual = await as<{ lines: string[]; language: string }>(
      'GET',
      '/api/v1/direct/visual-signature',
    );
    expect(visual.body.language).toBe('it');
    expect(visual.body.lines).toEqual([
      'Giulia Rossi',
      'Firma elettronica semplice (SES)',
      expect.stringMatching(/^Firmato il \d{1,2} \S+ \d{4}, \d\d:\d\d UTC$/),
      flow.email,
    ]);
  });

  it('sends the code by SMS (the sandbox writes it to the development mailbox), in Italian', async () => {
    const sent = await as<{ channel: string; sentTo: string }>(
      'POST',
      '/api/v1/direct/tan/resend',
      {},
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ channel: 'sms', sentTo: '•••• 42' });
    const sms = await t.mailbox.last(flow.mobile as string);
    expect(sms?.status).toBe('sent');
    expect(sms?.text).toMatch(/^\d{6} è il suo codice Signet per firmare «Contratto di servizio»/);
  });

  it('refuses a wrong code with the tries left, accepts the right one', async () => {
    const code = await tanSentTo(t, flow.mobile as string);
    const wrong = await as('POST', '/api/v1/direct/tan/check', {
      tan: code === '999999' ? '999998' : '999999',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'TAN_INVALID', details: { attemptsLeft: 4 } });
    const right = await as<{ valid: boolean }>('POST', '/api/v1/direct/tan/check', { tan: code });
    expect(right.status).toBe(200);
    expect(right.body.valid).toBe(true);
  });

  it('signs; the code is used up; signing again is refused by the rules', async () => {
    const { id } = linkParts(flow.url);
    const signed = await as<{ status_overall: string }>('POST', '/api/v3/direct/sign', {
      signatureRequestId: id,
      signingName: 'Giulia Rossi',
      language: 'it',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status_overall).toBe('OPEN');
    expect(await t.db.select().from(signerTans)).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ signerId: flow.request.signatures[0]?.sid }),
      ]),
    );
    const again = await as('POST', '/api/v3/direct/sign', { signatureRequestId: id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SIGNER_NOT_OPEN' });
  });

  it('the account signer signs last; pdfsig validates both; the protocol names the direct signer', async () => {
    const { id } = linkParts(flow.url);
    const res = await t.request('POST', '/api/v3/sign', {
      token: bruno.token,
      body: [{ signatureRequestId: id, signingName: 'Bruno Meier' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const request = await t.request<TSignatureRequest>('GET', `/api/v3/signature-requests/${id}`, {
      token: owner.token,
    });
    expect(request.body.status_overall).toBe('SIGNED');
    const doc = request.body.documents[0] as TDocument;
    const pdf = await binary(`/api/v3/documents/${doc.id}/download`, owner.token);
    const verdict = pdfsig(pdf);
    // Both signatures, then the document time stamp of the B-LTA seal on completion.
    expect(verdict.signatures).toHaveLength(3);
    expect(verdict.signatures.slice(0, 2).every((s) => s.valid)).toBe(true);
    expect(
      (await listSignatures(pdf)).flatMap((s) => (s.signerName ? [s.signerName] : [])),
    ).toEqual(['Giulia Rossi', 'Bruno Meier']);
    expect(verdict.signatures.map((s) => s.totalDocument)).toEqual([false, false, true]);

    // Built right after the last signature: asked again while it is pending.
    const report = await protocolResponse(t.app, id, owner.token);
    expect(report.status).toBe(200);
    const protocol = pdfText(new Uint8Array(await report.arrayBuffer()));
    expect(protocol).toContain(flow.email);
    expect(protocol).toContain('Giulia Rossi');
    // In the owner's language (German): how the direct signer's link was confirmed.
    expect(protocol.replace(/\s+/g, ' ')).toContain('persönlichen Signierlink');
    expect(protocol.replace(/\s+/g, ' ')).toContain('Signiercode wurde per Kurznachricht');

    const events = await t.request<Events>('GET', `/api/v3/signature-requests/${id}/events`, {
      token: owner.token,
    });
    const types = events.body.events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['viewed', 'tan_sent', 'tan_verified', 'signed', 'completed']),
    );
    const directSigned = events.body.events.find(
      (e) => e.type === 'signed' && e.actor.email === flow.email,
    );
    expect(directSigned?.data).toMatchObject({
      direct: true,
      authentication: 'tan:sms',
      name: 'Giulia Rossi',
    });
  });

  it('tells the direct signer in Italian, without a link, and the link is dead now', async () => {
    const mails = await t.mailbox.all(flow.email);
    const done = mails.find((m) => m.template === 'request-completed-direct');
    expect(done?.lang).toBe('it');
    expect(done?.subject).toBe('«Contratto di servizio» è stato firmato da tutti');
    expect(done?.links.filter((l) => l.startsWith(t.config.publicUrl))).toEqual([]);
    const { id } = linkParts(flow.url);
    const gone = await asSigner(
      t,
      flow.url,
      freshIp(),
    )('GET', `/api/v3/direct/signature-requests/${id}`);
    expect(gone.status).toBe(404);
  });
});

describe('TAN rules', () => {
  it('a code by e-mail: six digits, the subject and link given, the own link only', async () => {
    const flow = await directRequest({ mobile: null });
    const as = asSigner(t, flow.url, freshIp());
    const page = `${flow.url}&ref=mail`;
    const sent = await as<{ channel: string; sentTo: string }>(
      'POST',
      '/api/v1/direct/tan/resend',
      {
        url: page,
        subject: 'Polizza 2026',
        companyBranding: true,
      },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.channel).toBe('mail');
    expect(sent.body.sentTo).toMatch(/^g•••@example\.ch$/);
    const mail = await t.mailbox.last(flow.email);
    expect(mail?.lang).toBe('it');
    expect(mail?.subject).toBe('Il suo codice per firmare «Polizza 2026»');
    expect(mail?.links).toContain(page);
    expect(mail?.text).toMatch(/\n\d{6}\n/);

    const foreign = await as('POST', '/api/v1/direct/tan/resend', {
      url: 'https://evil.example/view/x',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'INVALID_URL' });
    const noMobile = await as('POST', '/api/v1/direct/tan/resend', { channel: 'sms' });
    expect(noMobile.status).toBe(422);
    expect(noMobile.body).toMatchObject({ code: 'NO_MOBILE_NUMBER' });
  });

  it('a new code replaces the old one; a code is valid five minutes', async () => {
    const flow = await directRequest({ mobile: null });
    const as = asSigner(t, flow.url, freshIp());
    await as('POST', '/api/v1/direct/tan/resend', {});
    const first = await tanSentTo(t, flow.email);
    await as('POST', '/api/v1/direct/tan/resend', {});
    const second = await tanSentTo(t, flow.email);
    if (first !== second) {
      const old = await as('POST', '/api/v1/direct/tan/check', { tan: first });
      expect(old.body).toMatchObject({ code: 'TAN_INVALID' });
    }
    const [row] = await t.db
      .select()
      .from(signerTans)
      .where(eq(signerTans.signerId, flow.request.signatures[0]?.sid as string));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.sentAt.getTime() ?? 0)).toBe(5 * 60_000);
    await t.db.execute(sql`update signer_tans set expires_at = now() - interval '1 second'`);
    const late = await as('POST', '/api/v1/direct/tan/check', { tan: second });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'TAN_EXPIRED' });
  });

  it('five wrong codes lock: 4 × TAN_INVALID, then 429 TAN_LOCKED; the right code and a resend wait too', async () => {
    const flow = await directRequest({ mobile: null });
    const as = asSigner(t, flow.url, freshIp());
    await as('POST', '/api/v1/direct/tan/resend', {});
    const code = await tanSentTo(t, flow.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await as('POST', '/api/v1/direct/tan/check', { tan: wrong }));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 429]);
    expect(
      answers.map((a) => (a.body as { details?: { attemptsLeft?: number } }).details?.attemptsLeft),
    ).toEqual([4, 3, 2, 1, undefined]);
    expect(answers[4]?.body).toMatchObject({ code: 'TAN_LOCKED' });
    expect(Number(answers[4]?.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const right = await as('POST', '/api/v1/direct/tan/check', { tan: code });
    expect(right.body).toMatchObject({ code: 'TAN_LOCKED' });
    const resend = await as('POST', '/api/v1/direct/tan/resend', {});
    expect(resend.body).toMatchObject({ code: 'TAN_LOCKED' });
    const { id } = linkParts(flow.url);
    const sign = await as('POST', '/api/v3/direct/sign', { signatureRequestId: id, tan: code });
    expect(sign.body).toMatchObject({ code: 'TAN_LOCKED' });
    const events = await t.request<Events>('GET', `/api/v3/signature-requests/${id}/events`, {
      token: owner.token,
    });
    expect(events.body.events.map((e) => e.type)).toContain('tan_locked');
  });

  it('resend is rate-limited per signer (5 per 15 minutes)', async () => {
    const flow = await directRequest({ mobile: null });
    const statuses = [];
    // A new address each time: the limit is the signer's, not the address's.
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await asSigner(t, flow.url, freshIp())('POST', '/api/v1/direct/tan/resend', {})).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('signing with the code in the body works without a separate check', async () => {
    const flow = await directRequest({ mobile: null });
    const as = asSigner(t, flow.url, freshIp());
    await as('POST', '/api/v1/direct/tan/resend', {});
    const { id } = linkParts(flow.url);
    const signed = await as<{ status_overall: string }>('POST', '/api/v3/direct/sign', {
      signatureRequestId: id,
      tan: await tanSentTo(t, flow.email),
      language: 'it',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status_overall).toBe('SIGNED');
  });

  it('an unreachable number fails for good in the SMS sandbox (the job is dead)', async () => {
    const flow = await directRequest({ mobile: '+41 79 555 0000' });
    const sent = await asSigner(t, flow.url, freshIp())('POST', '/api/v1/direct/tan/resend', {});
    expect(sent.status).toBe(200);
    const sms = await t.mailbox.last(flow.mobile as string);
    expect(sms?.status).toBe('dead');
    expect(sms?.lastError).toContain('UNREACHABLE');
  });
});

describe('declining as a direct signer', () => {
  it('closes the request, tells the owner, and ends the link', async () => {
    const flow = await directRequest();
    const { id } = linkParts(flow.url);
    const as = asSigner(t, flow.url, freshIp());
    const res = await as<TSignatureRequest>(
      'POST',
      `/api/v3/direct/signature-requests/${id}/decline`,
      {
        message: 'Non sono d’accordo',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.status_overall).toBe('DECLINED');
    const notice = (await t.mailbox.all(owner.email)).find(
      (m) => m.template === 'request-declined',
    );
    expect(notice?.text).toContain('Giulia Rossi');
    expect(notice?.text).toContain('Non sono d’accordo');
    const gone = await asSigner(
      t,
      flow.url,
      freshIp(),
    )('GET', `/api/v3/direct/signature-requests/${id}`);
    expect(gone.status).toBe(404);
  });
});
