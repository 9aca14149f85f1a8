import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, isLoopback, parseTrustProxy, type TrustProxy } from './client-ip.ts';

function appWith(setting: string | undefined) {
  const trust = parseTrustProxy(setting) as TrustProxy;
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trust) ?? 'none'));
  return app;
}
const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const ip = async (app: Hono, xff: string | undefined, peer?: string) =>
  (
    await app.request(
      '/',
      { headers: xff === undefined ? {} : { 'X-Forwarded-For': xff } },
      peer ? socket(peer) : undefined,
    )
  ).text();

describe('clientIp', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', async () => {
    expect(await ip(appWith(undefined), '198.51.100.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(await ip(appWith('false'), '198.51.100.1', '::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('with one hop: the address our proxy saw, not what the client wrote before it', async () => {
    const app = appWith('1');
    // The client wrote "1.2.3.4, 5.6.7.8"; our proxy (10.0.0.1) appended the real peer 198.51.100.9.
    expect(await ip(app, '1.2.3.4, 5.6.7.8, 198.51.100.9', '10.0.0.1')).toBe('198.51.100.9');
    expect(await ip(appWith('true'), '6.6.6.6, 198.51.100.9', '10.0.0.1')).toBe('198.51.100.9');
    // No header: the proxy itself is the caller.
    expect(await ip(app, undefined, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('with two hops: a CDN in front of a load balancer', async () => {
    expect(await ip(appWith('2'), '9.9.9.9, 198.51.100.9, 172.16.0.4', '10.0.0.1')).toBe(
      '198.51.100.9',
    );
  });

  it('with addresses: the right-most address outside the trusted networks', async () => {
    const app = appWith('10.0.0.0/8, 172.16.0.4, 2001:db8::/32');
    expect(await ip(app, '9.9.9.9, 198.51.100.9, 172.16.0.4', '10.1.2.3')).toBe('198.51.100.9');
    expect(await ip(app, '9.9.9.9, 2001:db8::7', '10.1.2.3')).toBe('9.9.9.9');
    // A peer outside the list is the client; its header is ignored.
    expect(await ip(app, '1.1.1.1', '203.0.113.5')).toBe('203.0.113.5');
  });

  it('stops at the last trusted address on a malformed entry, and unwraps IPv4-mapped ones', async () => {
    expect(await ip(appWith('1'), 'evil', '10.0.0.1')).toBe('10.0.0.1');
    expect(await ip(appWith('2'), 'x, ::ffff:198.51.100.9', '10.0.0.1')).toBe('198.51.100.9');
  });

  it('is null without a socket (app.request in tests)', async () => {
    expect(await ip(appWith('1'), '1.2.3.4')).toBe('none');
  });
});

describe('parseTrustProxy', () => {
  it('refuses what it cannot use', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '::1/129', '1.2.3.4/8/9', '33']) {
      expect(typeof parseTrustProxy(bad), bad).toBe('string');
    }
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
