import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../mail/outbox.ts';
import { createTestApp, peerEnv, type TestApp } from '../../testing/app.ts';
import { reuseTestDatabase } from '../../testing/reused-database.ts';
import { setMaintenance } from './maintenance.ts';

const data = { email: 'zoe@example.com', url: 'https://signet.example/r?token=t1', hours: 2 };

describe('system routes', () => {
  let t: TestApp;
  // The tests' apps differ in configuration; they share one database, emptied for each app.
  const freshDatabase = reuseTestDatabase();
  afterEach(() => t.close());

  it('GET /v1/maintenance reflects the stored announcement', async () => {
    t = await createTestApp({ database: await freshDatabase() });
    expect((await t.request('GET', '/api/v1/maintenance')).body).toEqual({
      status: 'none',
      isBlocking: false,
      url: null,
    });
    await setMaintenance(t.db, {
      status: 'in_progress',
      isBlocking: true,
      url: 'https://status.example',
    });
    expect((await t.request('GET', '/api/v1/maintenance')).body).toEqual({
      status: 'in_progress',
      isBlocking: true,
      url: 'https://status.example',
    });
    await setMaintenance(t.db, { status: 'none', isBlocking: true });
    expect((await t.request('GET', '/api/v1/maintenance')).body).toEqual({
      status: 'none',
      isBlocking: false,
      url: null,
    });
  });

  const local = peerEnv('127.0.0.1');

  it('shows mail at /dev/mailbox outside production, to loopback clients only', async () => {
    t = await createTestApp({ database: await freshDatabase() });
    await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'Zoe@Example.com', template: 'reset-password', lang: 'fr', data }),
    );
    await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'other@example.com', template: 'confirm-signup', lang: 'it', data }),
    );
    const mails = await t.mailbox.all('zoe@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail).toMatchObject({ template: 'reset-password', lang: 'fr-ch', status: 'delivered' });
    expect(mail?.links).toEqual(['https://signet.example/r?token=t1']);

    const json = await t.request<{ id: string; subject: string; links: string[] }[]>(
      'GET',
      '/dev/mailbox.json?to=zoe@example.com',
      { remoteAddress: '::1' },
    );
    expect(json.status).toBe(200);
    expect(json.body).toHaveLength(1);
    expect(json.body[0]?.subject).toMatch(/Réinitialisez/);
    expect(json.body[0]?.links).toEqual(['https://signet.example/r?token=t1']);

    const all = await t.request<unknown[]>('GET', '/dev/mailbox.json', {
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(all.body).toHaveLength(2);

    const list = await t.app.request('/dev/mailbox', {}, local);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('Zoe@Example.com');
    expect(html).toContain(`/dev/mailbox/${json.body[0]?.id}`);
    expect(html).toMatch(/only to requests from this machine/);

    const one = await t.app.request(`/dev/mailbox/${json.body[0]?.id}`, {}, local);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('https://signet.example/r?token=t1');
    expect(
      (await t.app.request('/dev/mailbox/00000000-0000-0000-0000-000000000000', {}, local)).status,
    ).toBe(404);
    expect((await t.app.request('/dev/mailbox/not-an-id', {}, local)).status).toBe(404);

    // Anyone else gets 404, whatever they claim in forwarded headers; so does a call without a
    // known peer.
    const forged = {
      'X-Forwarded-For': '127.0.0.1',
      'X-Real-IP': '127.0.0.1',
      Forwarded: 'for=127.0.0.1',
    };
    for (const path of ['/dev/mailbox', '/dev/mailbox.json', `/dev/mailbox/${json.body[0]?.id}`]) {
      for (const env of [
        peerEnv('203.0.113.7'),
        peerEnv('10.0.0.2'),
        peerEnv('fe80::1'),
        undefined,
      ]) {
        const res = await t.app.request(path, { headers: forged }, env);
        expect(res.status, `${path} from ${JSON.stringify(env)}`).toBe(404);
        expect(await res.text()).not.toContain('token=t1');
      }
    }
  });

  it('answers 404 to non-loopback clients in every mode', async () => {
    for (const SIGNET_MODE of ['development', 'test', 'production']) {
      t = await createTestApp({
        database: await freshDatabase(),
        env: { SIGNET_MODE, SIGNET_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://signet.example' },
      });
      const res = await t.app.request('/dev/mailbox', {}, peerEnv('198.51.100.4'));
      expect(res.status, SIGNET_MODE).toBe(404);
      await t.close();
    }
    t = await createTestApp({ database: await freshDatabase() });
  });

  it('has no mailbox when SMTP is configured, even for loopback clients', async () => {
    t = await createTestApp({
      database: await freshDatabase(),
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
    });
    expect((await t.app.request('/dev/mailbox', {}, local)).status).toBe(404);
    expect((await t.app.request('/dev/mailbox.json', {}, local)).status).toBe(404);
  });

  it('has no mailbox in production', async () => {
    t = await createTestApp({
      database: await freshDatabase(),
      env: {
        SIGNET_MODE: 'production',
        SIGNET_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://signet.example',
      },
    });
    expect((await t.app.request('/dev/mailbox', {}, local)).status).toBe(404);
    expect((await t.app.request('/dev/mailbox.json', {}, local)).status).toBe(404);
    expect((await t.request('GET', '/api/v1/datetime')).status).toBe(200);
  });
});
