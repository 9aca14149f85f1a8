import type { TIdentInfo } from '@signet/shared/identification/identification.schema';
import { highestQuality } from '@signet/shared/user/user.rules';
import type { TSignatureQualities, TUser } from '@signet/shared/user/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyIdentUpdate } from '../../services/identification/apply-update.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';
import { deliverSandboxWebhooks, identify, sandboxPost } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const qualities = async (token: string) =>
  (
    await t.request<TSignatureQualities>('GET', '/api/v3/user/signature-qualities-detail', {
      token,
    })
  ).body;

describe('identification in the sandbox', () => {
  it('needs the provider’s terms of use first, then books one identification at a time', async () => {
    const { token } = await signUp(t);
    const refused = await t.request('POST', '/api/v1/user/identification/srs/video', {
      token,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TERMS_NOT_ACCEPTED' });
    const accepted = await t.request<TUser>('POST', '/api/v1/user/accept', {
      token,
      body: { tou_srs: true },
    });
    expect(accepted.body.attributes.acceptedTou).toEqual(['srs']);
    const booked = await t.request<TIdentInfo>('POST', '/api/v1/user/identification/srs/video', {
      token,
      body: {
        legislation: 'EIDAS',
        eidData: {
          givenName: 'Anna',
          surname: 'Meier',
          birthDate: '1990-04-01',
          nationality: 'de',
        },
      },
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      provider: 'srs',
      method: 'video',
      legislation: 'EIDAS',
      qualified: true,
      status: 'initialized',
      state: 'initialized',
    });
    expect(booked.body.identUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/identification\/sbx_/);
    // The one under way is returned again (the ongoing-ident redirect).
    const again = await t.request<TIdentInfo>('POST', '/api/v1/user/identification/srs/video', {
      token,
      body: {},
    });
    expect(again.body.id).toBe(booked.body.id);
    // The sandbox page says what it is, in the person's language.
    const page = await t.app.request(new URL(booked.body.identUrl as string).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Testsystem: Es findet keine echte Identifikation statt.');
  });

  it('passes: inprogress after the agent joins, then success activates QES (DEMO) under its legislation and AES', async () => {
    const { token, user } = await signUp(t);
    expect(
      highestQuality({ emailVerified: true, signatureQualities: await qualities(token) }),
    ).toBe('ses');
    const done = await identify(t, token, {
      legislation: 'ZERTES',
      verified: {
        givenName: 'Łukasz',
        surname: 'Żółć-Ελένη',
        birthDate: '1988-02-29',
        nationality: 'PL',
      },
    });
    expect(done).toMatchObject({ status: 'success', state: 'activatingQES', identUrl: null });
    const q = await qualities(token);
    expect(q.aes.any).toMatchObject({ quality: 'AES', provider: 'demo-qtsp' });
    expect(q.qes.zertes).toMatchObject({ quality: 'DEMO', legislation: 'ZERTES' });
    expect(q.qes.eidas).toBeNull();
    expect(highestQuality({ emailVerified: true, signatureQualities: q })).toBe('demo');
    const me = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(me.body).toMatchObject({ firstName: 'Łukasz', lastName: 'Żółć-Ελένη' });
    expect(me.body.attributes.immutableEidFields).toEqual(['firstName', 'lastName']);
    expect(user.id).toBe(me.body.id);
  });

  it('a non-qualified provider (intrum) proves AES only; a failure raises nothing', async () => {
    const aes = await signUp(t);
    const passed = await identify(t, aes.token, { provider: 'intrum', method: 'autoident' });
    expect(passed.status).toBe('success');
    const q = await qualities(aes.token);
    expect(q.aes.any).not.toBeNull();
    expect(q.qes).toEqual({ eidas: null, zertes: null });

    const failing = await signUp(t);
    const failed = await identify(t, failing.token, { fail: 'face' });
    expect(failed).toMatchObject({ status: 'failure', state: 'failure', failureReason: 'face' });
    const none = await qualities(failing.token);
    expect(none.aes.any).toBeNull();
    expect(none.qes).toEqual({ eidas: null, zertes: null });
  });

  it('an abandoned identification never raises a quality, even when a success arrives late', async () => {
    const { token, email } = await signUp(t);
    await t.request('POST', '/api/v1/user/accept', { token, body: { tou_srs: true } });
    const booked = await t.request<TIdentInfo>('POST', '/api/v1/user/identification/srs/robo', {
      token,
      body: {},
    });
    await sandboxPost(t, booked.body, 'start');
    await deliverSandboxWebhooks(t);
    const wrong = await t.request(
      'DELETE',
      '/api/v1/user/identification/srs/robo?email=other@example.ch',
      {
        token,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'EMAIL_MISMATCH' });
    const cancelled = await t.request<TIdentInfo>(
      'DELETE',
      `/api/v1/user/identification/srs/robo?email=${encodeURIComponent(email)}`,
      { token },
    );
    expect(cancelled.body).toMatchObject({ status: 'cancelled', state: null, identUrl: null });
    const late = await applyIdentUpdate(t.db, {
      providerRef: new URL(booked.body.identUrl as string).pathname.split('/').pop() as string,
      status: 'success',
      verified: {
        givenName: 'Mallory',
        surname: 'Late',
        birthDate: '1990-01-01',
        nationality: 'CH',
      },
    });
    expect(late).toBe(false);
    const q = await qualities(token);
    expect(q.aes.any).toBeNull();
    expect(q.qes).toEqual({ eidas: null, zertes: null });
    const again = await t.request('DELETE', `/api/v1/user/identification/srs/robo?email=${email}`, {
      token,
    });
    expect(again.status).toBe(404);
  });

  it('answers unknown methods, other people’s identifications and payments with 4xx', async () => {
    const { token } = await signUp(t);
    const unknown = await t.request('POST', '/api/v1/user/identification/srs/autoident', {
      token,
      body: {},
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'IDENT_METHOD_UNKNOWN' });
    const bogus = await t.request('POST', '/api/v1/user/identification/acme/video', {
      token,
      body: {},
    });
    expect(bogus.status).toBe(400);
    const missing = await t.request('GET', '/api/v1/user/identification/srs/video', { token });
    expect(missing.status).toBe(404);
    const other = await signUp(t);
    const theirs = await identify(t, other.token, { fail: 'document' });
    const payment = await t.request('GET', `/api/v1/user/identification/payment/${theirs.id}`, {
      token: other.token,
    });
    expect(payment.body).toMatchObject({ status: 'NOT_REQUIRED', amount: 0, payer: 'sandbox' });
    const stranger = await t.request('GET', `/api/v1/user/identification/payment/${theirs.id}`, {
      token,
    });
    expect(stranger.status).toBe(404);
    const anonymous = await t.request('GET', '/api/v1/user/identification/srs/video');
    expect(anonymous.status).toBe(401);
  });
});
