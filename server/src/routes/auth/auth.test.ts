import type { TSession, TSessionWithUser, TUser } from '@signet/shared/user/user.schema';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailConfirmations } from '../../db/schema/email-confirmations.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword, verifyPassword } from '../../security/password-hash.ts';
import { hashToken } from '../../security/tokens.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { reuseTestDatabase } from '../../testing/reused-database.ts';
import { GOOD_PASSWORD, signUp, tokenFromMail, uniqueEmail } from './testing.ts';

let t: TestApp;
// One database for the file, emptied before each test.
const freshDatabase = reuseTestDatabase();
beforeEach(async () => {
  t = await createTestApp({ database: await freshDatabase() });
});
afterEach(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.request<TSessionWithUser>('POST', '/api/v1/login', { body: { email, password } });

describe('signup', () => {
  it('goes from the confirmation mail to a signed-in, verified account', async () => {
    const email = uniqueEmail('Signup');
    const sent = await t.request('POST', '/api/v1/request-confirmation', {
      body: { email: `  ${email.toUpperCase()} `, lang: 'fr', flow: 'signup' },
    });
    expect(sent).toMatchObject({ status: 200, body: { status: 'sent' } });

    const mail = await t.mailbox.last(email.toLowerCase());
    expect(mail?.template).toBe('confirm-signup');
    expect(mail?.lang).toBe('fr-ch');
    const token = await tokenFromMail(t, email.toLowerCase(), '/signup/confirm');
    // Only the hash of the token is stored.
    const [row] = await t.db.select().from(emailConfirmations);
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(24 * 3600_000);

    const valid = await t.request('POST', '/api/v1/valid-confirmation', {
      body: { token, language: 'fr' },
    });
    expect(valid.body).toEqual({ valid: true, email: email.toLowerCase(), flow: 'signup' });

    const checked = await t.request('POST', '/api/v1/check-password', {
      body: { password: `${email.split('@')[0]}!x`, token },
    });
    expect(checked.body).toEqual({ valid: false, errorCode: 'CONTAINS_EMAIL' });

    const reg = await t.request<TSessionWithUser>('POST', '/api/v1/register', {
      body: {
        firstName: 'Anna',
        lastName: 'Meier',
        password: GOOD_PASSWORD,
        token,
        gtc: true,
        lang: 'fr',
        mobile: '+41 79 123 45 67',
        celloUCC: 'REF-123',
      },
    });
    expect(reg.status).toBe(200);
    expect(Date.parse(reg.body.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(reg.body.user).toMatchObject({
      email: email.toLowerCase(),
      emailVerified: true,
      firstName: 'Anna',
      attributes: {
        lang: 'fr',
        acceptedGtc: true,
        weakPassword: false,
        mobile: '+41 79 123 45 67',
        celloUcc: 'REF-123',
      },
      signatureQualities: { ses: { any: { quality: 'SES' } } },
    });

    const me = await t.request<TUser>('GET', '/api/v1/user', { token: reg.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(reg.body.user.id);

    // The stored password is an argon2id string that verifies.
    const [stored] = await t.db.select().from(users).where(eq(users.id, reg.body.user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(await verifyPassword(stored?.passwordHash ?? '', GOOD_PASSWORD)).toBe(true);

    // The token is single use.
    const again = await t.request('POST', '/api/v1/valid-confirmation', { body: { token } });
    expect(again.body).toEqual({ valid: false });
    const twice = await t.request('POST', '/api/v1/register', {
      body: {
        firstName: 'A',
        lastName: 'B',
        password: GOOD_PASSWORD,
        token,
        gtc: true,
        lang: 'en',
      },
    });
    expect(twice).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } });
  });

  it('answers the same for an unknown and an existing address, mailing "account exists" to the latter', async () => {
    const existing = await signUp(t);
    const unknown = uniqueEmail('new');
    const a = await t.request('POST', '/api/v1/request-confirmation', { body: { email: unknown } });
    const b = await t.request('POST', '/api/v1/request-confirmation', {
      body: { email: existing.email },
    });
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());
    expect((await t.mailbox.last(unknown))?.template).toBe('confirm-signup');
    expect((await t.mailbox.last(existing.email))?.template).toBe('account-exists');
    // No confirmation token was made for the existing address.
    const rows = await t.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.email, existing.email));
    expect(rows).toHaveLength(1); // the one used at signup

    const ra = await t.request('POST', '/api/v1/request-reset', { body: { email: unknown } });
    const rb = await t.request('POST', '/api/v1/request-reset', {
      body: { email: existing.email },
    });
    expect(ra.body).toEqual(rb.body);
    expect(ra.status).toBe(rb.status);
    expect(await t.mailbox.all(unknown)).toHaveLength(1); // only the signup mail
  });

  it('refuses an expired token, a weak password and a second account for the address', async () => {
    const email = uniqueEmail();
    await t.request('POST', '/api/v1/request-confirmation', { body: { email } });
    const token = await tokenFromMail(t, email, '/signup/confirm');
    const body = { firstName: 'A', lastName: 'B', token, gtc: true, lang: 'en' };

    for (const [password, code] of [
      ['short', 'PASSWORD_TOO_SHORT'],
      ['password123', 'PASSWORD_COMMON'],
      [`${email.split('@')[0]} 2024 ok`, 'PASSWORD_CONTAINS_EMAIL'],
    ] as const) {
      const res = await t.request('POST', '/api/v1/register', { body: { ...body, password } });
      expect(res, password).toMatchObject({ status: 400, body: { code } });
    }
    expect(await t.db.select().from(users)).toHaveLength(0);

    await t.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.tokenHash, hashToken(token)));
    const expired = await t.request('POST', '/api/v1/register', {
      body: { ...body, password: GOOD_PASSWORD },
    });
    expect(expired).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } });
    expect(
      (await t.request('POST', '/api/v1/valid-confirmation', { body: { token } })).body,
    ).toEqual({ valid: false });

    // Two links for one address: the second cannot make a second account.
    const first = await signUp(t);
    await t.db.insert(emailConfirmations).values({
      email: first.email,
      tokenHash: hashToken('second-token-for-the-same-address'),
      lang: 'en',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const dup = await t.request('POST', '/api/v1/register', {
      body: { ...body, token: 'second-token-for-the-same-address', password: GOOD_PASSWORD },
    });
    expect(dup).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } });
  });
});

describe('sessions', () => {
  it('logs in and out; the token is unusable after logout', async () => {
    const { email, password } = await signUp(t);
    const res = await login(email.toUpperCase(), password);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    const { token } = res.body;
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(200);

    const out = await t.request('POST', '/api/v1/logout', { token });
    expect(out).toMatchObject({ status: 200, body: { status: 'ok' } });
    const after = await t.request('GET', '/api/v1/user', { token });
    expect(after).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and an unknown address alike', async () => {
    const { email } = await signUp(t);
    const wrong = await login(email, 'not the password at all');
    const unknown = await login(uniqueEmail(), 'not the password at all');
    for (const res of [wrong, unknown]) {
      expect(res).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    }
    expect(wrong.body).toEqual(unknown.body);
  });

  it('ends a session after its 24 hours', async () => {
    const { token } = await signUp(t);
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.request('GET', '/api/v1/user', { token });
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses made-up and malformed bearer tokens, and no token at all', async () => {
    await signUp(t);
    const cases: Record<string, string>[] = [
      { Authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      { Authorization: 'Bearer not a token' },
      { Authorization: 'Bearer' },
      {},
    ];
    for (const headers of cases) {
      const res = await t.request('GET', '/api/v1/user', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect((res.body as { code: string }).code).toBe('UNAUTHENTICATED');
    }
  });

  it('stores new hashes at the configured cost and upgrades a weaker one at the next login', async () => {
    const { email, user } = await signUp(t);
    const cost = t.config.passwordHashCost;
    const stored = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.passwordHash;
    expect(await stored()).toContain(`$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$`);
    await t.db
      .update(users)
      .set({
        passwordHash: await hashPassword(GOOD_PASSWORD, { memory: 64, passes: 1, parallelism: 1 }),
      })
      .where(eq(users.id, user.id));
    expect((await login(email, GOOD_PASSWORD)).status).toBe(200);
    expect(await stored()).toContain(`$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$`);
  });

  it('flags a stored password that no longer meets the policy, until it is changed', async () => {
    const { email, user } = await signUp(t);
    // A password set under an older, laxer policy.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('sunshine1') })
      .where(eq(users.id, user.id));
    const res = await login(email, 'sunshine1');
    expect(res.status).toBe(200);
    expect(res.body.user.attributes.weakPassword).toBe(true);

    const changed = await t.request<TSession>('POST', '/api/v1/change-password', {
      token: res.body.token,
      body: { old: 'sunshine1', new: 'a much better passphrase' },
    });
    expect(changed.status).toBe(200);
    const me = await t.request<TUser>('GET', '/api/v1/user', { token: changed.body.token });
    expect(me.body.attributes.weakPassword).toBe(false);
    const again = await login(email, 'a much better passphrase');
    expect(again.body.user.attributes.weakPassword).toBe(false);
  });
});

describe('passwords', () => {
  it('resets the password from the mailed link and revokes every session', async () => {
    const { email, token: before } = await signUp(t);
    const other = await login(email, GOOD_PASSWORD);

    const sent = await t.request('POST', '/api/v1/request-reset', { body: { email, lang: 'en' } });
    expect(sent).toMatchObject({ status: 200, body: { status: 'sent' } });
    const resetToken = await tokenFromMail(t, email, '/password-reset/new');

    const weak = await t.request('POST', '/api/v1/reset-password', {
      body: { token: resetToken, new: 'qwertyuiop' },
    });
    expect(weak).toMatchObject({ status: 400, body: { code: 'PASSWORD_COMMON' } });

    const res = await t.request('POST', '/api/v1/reset-password', {
      body: { token: resetToken, new: 'brand new secret words' },
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    for (const token of [before, other.body.token]) {
      expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(401);
    }
    expect((await login(email, GOOD_PASSWORD)).status).toBe(401);
    expect((await login(email, 'brand new secret words')).status).toBe(200);
    expect((await t.mailbox.last(email))?.template).toBe('password-changed');

    const reuse = await t.request('POST', '/api/v1/reset-password', {
      body: { token: resetToken, new: 'yet another good one' },
    });
    expect(reuse).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } });
  });

  it('changes the password: old sessions end, the returned one works', async () => {
    const { email, token: first } = await signUp(t);
    const second = (await login(email, GOOD_PASSWORD)).body.token;

    const wrong = await t.request('POST', '/api/v1/change-password', {
      token: first,
      body: { old: 'not my password', new: 'fresh secret phrase' },
    });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'WRONG_PASSWORD' } });
    const weak = await t.request('POST', '/api/v1/change-password', {
      token: first,
      body: { old: GOOD_PASSWORD, new: 'short' },
    });
    expect(weak).toMatchObject({ status: 400, body: { code: 'PASSWORD_TOO_SHORT' } });

    const res = await t.request<TSession>('POST', '/api/v1/change-password', {
      token: first,
      body: { old: GOOD_PASSWORD, new: 'fresh secret phrase' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'token']);
    for (const token of [first, second]) {
      expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(401);
    }
    expect((await t.request('GET', '/api/v1/user', { token: res.body.token })).status).toBe(200);
    expect((await login(email, 'fresh secret phrase')).status).toBe(200);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(401);
  });

  it('checks passwords for the signed-in user without a token', async () => {
    const { email, token } = await signUp(t);
    const local = email.split('@')[0];
    const res = await t.request('POST', '/api/v1/check-password', {
      token,
      body: { password: `${local} forever` },
    });
    expect(res.body).toEqual({ valid: false, errorCode: 'CONTAINS_EMAIL' });
    const anon = await t.request('POST', '/api/v1/check-password', {
      body: { password: 'violet otter lamp 42' },
    });
    expect(anon.body).toEqual({ valid: true });
    const short = await t.request('POST', '/api/v1/check-password', { body: { password: 'abc' } });
    expect(short.body).toEqual({ valid: false, errorCode: 'TOO_SHORT' });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after 10 failed logins for one address from one IP', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      expect((await login(email, 'wrong password here')).status).toBe(401);
    }
    const limited = await login(email, GOOD_PASSWORD);
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Once the window has passed, the address may try again.
    await t.db.execute(sql`update rate_limits set expires_at = now() - interval '1 second'`);
    expect((await login(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('limits one IP to 50 requests in 15 minutes, ignoring X-Forwarded-For without TRUST_PROXY', async () => {
    const env = { incoming: { socket: { remoteAddress: '::ffff:203.0.113.7' } } };
    const call = (i: number) =>
      t.app.request(
        '/api/v1/request-reset',
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Forwarded-For': `198.51.100.${i % 250}`,
          },
          body: JSON.stringify({ email: `nobody${i}@example.ch` }),
        },
        env,
      );
    for (let i = 0; i < 50; i++) expect((await call(i)).status).toBe(200);
    const limited = await call(50);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another IP is not affected.
    const other = await t.app.request(
      '/api/v1/request-reset',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.ch' }),
      },
      { incoming: { socket: { remoteAddress: '203.0.113.8' } } },
    );
    expect(other.status).toBe(200);
  });

  it('limits confirmation mails per address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.request('POST', '/api/v1/request-confirmation', { body: { email } })).status,
      ).toBe(200);
    }
    const limited = await t.request('POST', '/api/v1/request-confirmation', { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await t.mailbox.all(email)).toHaveLength(10);
  });
});
