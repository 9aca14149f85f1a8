import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../mail/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { setMaintenance } from './maintenance.ts';

const data = { email: 'zoe@example.com', url: 'https://signet.example/r?token=t1', hours: 2 };

describe('system routes', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('GET /v1/maintenance reflects the stored announcement', async () => {
    t = await createTestApp();
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

  it('shows mail at /dev/mailbox outside production', async () => {
    t = await createTestApp();
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
    );
    expect(json.status).toBe(200);
    expect(json.body).toHaveLength(1);
    expect(json.body[0]?.subject).toMatch(/Réinitialisez/);
    expect(json.body[0]?.links).toEqual(['https://signet.example/r?token=t1']);

    const all = await t.request<unknown[]>('GET', '/dev/mailbox.json');
    expect(all.body).toHaveLength(2);

    const list = await t.app.request('/dev/mailbox');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('Zoe@Example.com');
    expect(html).toContain(`/dev/mailbox/${json.body[0]?.id}`);

    const one = await t.app.request(`/dev/mailbox/${json.body[0]?.id}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('https://signet.example/r?token=t1');
    expect((await t.app.request('/dev/mailbox/00000000-0000-0000-0000-000000000000')).status).toBe(
      404,
    );
    expect((await t.app.request('/dev/mailbox/not-an-id')).status).toBe(404);
  });

  it('has no mailbox in production', async () => {
    t = await createTestApp({
      env: {
        SIGNET_MODE: 'production',
        SIGNET_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://signet.example',
      },
    });
    expect((await t.app.request('/dev/mailbox')).status).toBe(404);
    expect((await t.app.request('/dev/mailbox.json')).status).toBe(404);
    expect((await t.request('GET', '/api/v1/datetime')).status).toBe(200);
  });
});
