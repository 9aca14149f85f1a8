import { BUSINESS_ERRORS } from '@signet/shared/business/business.constants';
import type { TSessionWithUser, TSignatureQualities, TUser } from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { reuseTestDatabase } from '../../testing/reused-database.ts';
import { GOOD_PASSWORD, signUp } from '../auth/testing.ts';

let t: TestApp;
// One database for the file, emptied before each test.
const freshDatabase = reuseTestDatabase();
beforeEach(async () => {
  t = await createTestApp({ database: await freshDatabase() });
});
afterEach(async () => {
  await t.close();
});

describe('GET/PUT /v1/user', () => {
  it('returns every User field of the spec and updates names and attributes', async () => {
    const { token } = await signUp(t);
    const me = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(
      [
        'attributes',
        'email',
        'emailVerified',
        'firstName',
        'groupInfo',
        'hasSso',
        'id',
        'isQualitiesUncertain',
        'lastName',
        'signatureQualities',
        'visualSignaturePermissions',
      ].sort(),
    );
    expect(me.body.attributes).toMatchObject({
      lang: 'de',
      acceptedGtc: true,
      weakPassword: false,
      emailNotificationLevel: 'ALL',
      defaultLegislation: null,
      defaultQuality: null,
      freeAccountType: 'free_v1',
    });

    const put = await t.request<TUser>('PUT', '/api/v1/user', {
      token,
      body: {
        firstName: ' Beatrice ',
        attributes: {
          lang: 'fr',
          emailNotificationLevel: 'ESSENTIAL',
          defaultLegislation: 'ZERTES',
          defaultQuality: 'QES',
          mobile: '+41 79 000 00 00',
        },
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      firstName: 'Beatrice',
      lastName: 'Meier',
      attributes: {
        lang: 'fr',
        emailNotificationLevel: 'ESSENTIAL',
        defaultLegislation: 'ZERTES',
        defaultQuality: 'QES',
        mobile: '+41 79 000 00 00',
      },
    });
    const cleared = await t.request<TUser>('PUT', '/api/v1/user', {
      token,
      body: { attributes: { defaultQuality: null } },
    });
    expect(cleared.body.attributes.defaultQuality).toBeNull();
    expect(cleared.body.attributes.defaultLegislation).toBe('ZERTES');
    expect((await t.request<TUser>('GET', '/api/v1/user', { token })).body).toEqual(cleared.body);
  });

  it("refuses 'it' as an account language", async () => {
    const { token } = await signUp(t);
    const res = await t.request('PUT', '/api/v1/user', {
      token,
      body: { attributes: { lang: 'it' } },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await t.request<TUser>('GET', '/api/v1/user', { token })).body.attributes.lang).toBe(
      'de',
    );
  });
});

describe('POST /v1/user/accept', () => {
  it('records accepted terms; a business invitation is answered only when one waits', async () => {
    const { token, user } = await signUp(t);
    await t.db
      .update(users)
      .set({ acceptedGtcAt: null, acceptedBusinessInvite: false })
      .where(eq(users.id, user.id));
    const before = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(before.body.attributes).toMatchObject({
      acceptedGtc: false,
      acceptedBusinessInvite: false,
    });
    const res = await t.request<TUser>('POST', '/api/v1/user/accept', {
      token,
      body: { gtc: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes).toMatchObject({ acceptedGtc: true, acceptedBusinessInvite: false });
    // Without an invitation waiting there is nothing to answer (the invitation's own path is in
    // routes/businesses/members.test.ts).
    const answer = await t.request('POST', '/api/v1/user/accept', {
      token,
      body: { business_invite: true },
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { code: BUSINESS_ERRORS.noInvitation },
    });
    const after = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(after.body.attributes).toMatchObject({ acceptedBusinessInvite: false });
  });
});

describe('GET /v3/user/signature-qualities-detail', () => {
  it('offers SES once the e-mail is verified, nothing before', async () => {
    const { token, user } = await signUp(t);
    const res = await t.request<TSignatureQualities>(
      'GET',
      '/api/v3/user/signature-qualities-detail',
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.ses.any).toEqual({ quality: 'SES', legislation: null, provider: 'signet' });
    expect(res.body.qes).toEqual({ eidas: null, zertes: null });

    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const unverified = await t.request<TSignatureQualities>(
      'GET',
      '/api/v3/user/signature-qualities-detail',
      { token },
    );
    expect(unverified.body.ses.any).toBeNull();
    const me = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(me.body.signatureQualities).toEqual(unverified.body);
  });
});

describe('POST /v1/user/delete', () => {
  it('needs the password, then deletes the user and their sessions; login fails afterwards', async () => {
    const { email, token, user } = await signUp(t);
    await t.request('POST', '/api/v1/request-reset', { body: { email } });

    const wrong = await t.request('POST', '/api/v1/user/delete', {
      token,
      body: { password: 'not my password' },
    });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'WRONG_PASSWORD' } });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    const res = await t.request('POST', '/api/v1/user/delete', {
      token,
      body: { password: GOOD_PASSWORD },
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(passwordResets)).toHaveLength(0);
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(401);
    const login = await t.request<TSessionWithUser>('POST', '/api/v1/login', {
      body: { email, password: GOOD_PASSWORD },
    });
    expect(login).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
  });
});
