import { isIP } from 'node:net';
import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The caller's IP: the socket's peer address (from `@hono/node-server`). Only behind a proxy
 * we trust (`trustProxy`) the left-most valid address of X-Forwarded-For wins, since a client
 * can write that header itself. Null when neither is known (e.g. `app.request()` in tests).
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const first = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .find((s) => isIP(s) !== 0);
    if (first) return first;
  }
  return peerAddress(c);
}

/**
 * The address of the socket's peer, never a header: what a client cannot forge. Null without a
 * socket (e.g. `app.request()` in tests).
 */
export function peerAddress(c: Context): string | null {
  const env = c.env as NodeBindings | undefined;
  const remote = env?.incoming?.socket?.remoteAddress;
  if (!remote) return null;
  // IPv4 clients on a dual-stack socket show as ::ffff:a.b.c.d.
  return remote.startsWith('::ffff:') && isIP(remote.slice(7)) === 4 ? remote.slice(7) : remote;
}

/** Whether `address` is this machine: 127.0.0.0/8 or ::1. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  return isIP(address) === 4 && address.startsWith('127.');
}
