import type { TSessionWithUser } from '@signet/shared/user/user.schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_LIMITS } from '../../security/password-attempts.ts';
import { createTestApp, peerEnv, type TestApp } from '../../testing/app.ts';
import { reuseTestDatabase } from '../../testing/reused-database.ts';
import { GOOD_PASSWORD, signUp } from './testing.ts';

/**
 * The password limits stop attackers, not users (security/password-attempts.ts): successes
 * never count, a stranger's failures elsewhere do not lock the owner out, the address-wide
 * ceiling slows instead of locking, and every check of a current password is limited.
 */

let t: TestApp;
// One database for the file, emptied before each test.
const freshDatabase = reuseTestDatabase();
beforeEach(async () => {
  t = await createTestApp({ database: await freshDatabase() });
});
afterEach(async () => {
  await t.close();
});

const OWNER_IP = '198.51.100.20';

async function login(email: string, password: string, ip: string, headers = {}) {
  const res = await t.app.request(
    '/api/v1/login',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email, password }),
    },
    peerEnv(ip),
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as TSessionWithUser };
}

describe('sign-in limits', () => {
  it('lets a user sign in eleven times in a row (and more)', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 15; i++) {
      expect((await login(email, GOOD_PASSWORD, OWNER_IP)).status, `login ${i + 1}`).toBe(200);
    }
  });

  it("a stranger's ten wrong guesses lock the stranger's IP for that address, not the owner's", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      expect((await login(email, `guess ${i} wrong`, '203.0.113.66')).status).toBe(401);
    }
    // The stranger is stopped, even with the right password…
    const stopped = await login(email, GOOD_PASSWORD, '203.0.113.66');
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    // … while the owner signs in from their own network.
    expect((await login(email, GOOD_PASSWORD, OWNER_IP)).status).toBe(200);
  });

  it('a success clears the failures of that address from that IP', async () => {
    const { email } = await signUp(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++)
        expect((await login(email, 'typo typo typo', OWNER_IP)).status).toBe(401);
      expect((await login(email, GOOD_PASSWORD, OWNER_IP)).status).toBe(200);
    }
  });

  it('past the address-wide ceiling a distributed guesser is slowed to one try per 30 s, and the owner still gets in', async () => {
    const { email } = await signUp(t);
    const max = PASSWORD_LIMITS.loginPerAddress.max;
    for (let i = 0; i < max; i++) {
      const ip = `10.${Math.floor(i / 250)}.${i % 250}.1`;
      expect((await login(email, 'distributed guess', ip)).status).toBe(401);
    }
    expect((await login(email, GOOD_PASSWORD, OWNER_IP)).status).toBe(200);
    const next = await login(email, 'another guess', '10.9.9.9');
    expect(next.status).toBe(429);
    const retry = Number(next.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(PASSWORD_LIMITS.loginSlowedEveryMs / 1000);
  });

  it('one IP guessing across many addresses is locked after the per-IP ceiling', async () => {
    const max = PASSWORD_LIMITS.loginPerIp.max;
    for (let i = 0; i < max; i++) {
      expect((await login(`nobody${i}@example.ch`, 'spray spray', '203.0.113.99')).status).toBe(
        401,
      );
    }
    expect((await login('nobody-else@example.ch', 'spray spray', '203.0.113.99')).status).toBe(429);
    expect((await login('nobody-else@example.ch', 'spray spray', '203.0.113.98')).status).toBe(401);
  });

  it('behind a trusted proxy, made-up X-Forwarded-For entries do not escape the limit', async () => {
    await t.close();
    t = await createTestApp({ env: { TRUST_PROXY: '1' }, database: await freshDatabase() });
    const { email } = await signUp(t);
    const proxy = '10.0.0.1';
    for (let i = 0; i < 10; i++) {
      // The client invents a new address each time; the proxy appends the real one.
      const xff = `192.0.2.${i}, 203.0.113.66`;
      expect((await login(email, 'wrong again', proxy, { 'X-Forwarded-For': xff })).status).toBe(
        401,
      );
    }
    const stopped = await login(email, GOOD_PASSWORD, proxy, {
      'X-Forwarded-For': '192.0.2.200, 203.0.113.66',
    });
    expect(stopped.status).toBe(429);
    const owner = await login(email, GOOD_PASSWORD, proxy, { 'X-Forwarded-For': OWNER_IP });
    expect(owner.status).toBe(200);
  });
});

describe('current-password checks', () => {
  it('change password and delete account stop after ten wrong passwords; the right one resets', async () => {
    const { token } = await signUp(t);
    const change = (old: string) =>
      t.request('POST', '/api/v1/change-password', {
        token,
        body: { old, new: 'a completely new passphrase 7' },
      });
    const remove = (password: string) =>
      t.request('POST', '/api/v1/user/delete', { token, body: { password } });
    for (let i = 0; i < 5; i++) expect((await change(`wrong ${i} password`)).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await remove(`wrong ${i} password`)).status).toBe(403);
    const limited = await remove(GOOD_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await change(GOOD_PASSWORD)).status).toBe(429);
  });

  it('a right password clears the count', async () => {
    const { token } = await signUp(t);
    for (let i = 0; i < 9; i++) {
      const res = await t.request('POST', '/api/v1/user/delete', {
        token,
        body: { password: 'nope nope' },
      });
      expect(res.status).toBe(403);
    }
    const changed = await t.request<{ token: string }>('POST', '/api/v1/change-password', {
      token,
      body: { old: GOOD_PASSWORD, new: 'a completely new passphrase 7' },
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 9; i++) {
      const res = await t.request('POST', '/api/v1/user/delete', {
        token: changed.body.token,
        body: { password: 'nope nope' },
      });
      expect(res.status).toBe(403);
    }
  });
});
