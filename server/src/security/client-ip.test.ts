import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, isLoopback } from './client-ip.ts';

function appWith(trustProxy: boolean) {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trustProxy) ?? 'none'));
  return app;
}
const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const ip = async (app: Hono, headers: Record<string, string>, env?: unknown) =>
  (await app.request('/', { headers }, env)).text();

describe('clientIp', () => {
  it('uses the socket peer and ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const xff = { 'X-Forwarded-For': '198.51.100.1, 10.0.0.1' };
    expect(await ip(appWith(false), xff, socket('203.0.113.5'))).toBe('203.0.113.5');
    expect(await ip(appWith(true), xff, socket('203.0.113.5'))).toBe('198.51.100.1');
  });

  it('unwraps IPv4-mapped IPv6 peers and skips junk in X-Forwarded-For', async () => {
    expect(await ip(appWith(false), {}, socket('::ffff:192.0.2.9'))).toBe('192.0.2.9');
    expect(await ip(appWith(true), { 'X-Forwarded-For': 'evil, 2001:db8::1' }, socket('::1'))).toBe(
      '2001:db8::1',
    );
    expect(await ip(appWith(true), { 'X-Forwarded-For': 'evil' }, socket('::1'))).toBe('::1');
  });

  it('is null without a socket (app.request in tests)', async () => {
    expect(await ip(appWith(false), {})).toBe('none');
  });
});

describe('isLoopback', () => {
  it('is this machine only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1']) expect(isLoopback(a), a).toBe(true);
    for (const a of [
      '10.0.0.1',
      '192.168.1.1',
      '::ffff:127.0.0.1',
      'fe80::1',
      '',
      null,
      'localhost',
    ]) {
      expect(isLoopback(a), String(a)).toBe(false);
    }
  });
});
