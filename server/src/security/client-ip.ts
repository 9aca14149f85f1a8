import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * Which proxies in front of the server may be believed (TRUST_PROXY): none, a number of hops
 * (each appends the address it got the request from to X-Forwarded-For), or the proxies'
 * addresses and networks.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; list: readonly string[]; blocks: BlockList };

export const TRUST_NONE: TrustProxy = { kind: 'none' };

/**
 * Parses TRUST_PROXY: `false`/`0` (none), a number of hops (`1`, `2`; `true` means 1), or a
 * comma-separated list of addresses and CIDR networks (`10.0.0.0/8, 2001:db8::/32, 192.0.2.7`).
 * Returns an error message for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return TRUST_NONE;
  if (v === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops > 32 ? 'must be at most 32 hops' : { kind: 'hops', hops };
  }
  const blocks = new BlockList();
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return `"${entry}" is not an address or a network`;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      blocks.addAddress(address as string, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
      return `"${entry}" has an invalid prefix length`;
    }
    blocks.addSubnet(address as string, bits, type);
  }
  return { kind: 'addresses', list, blocks };
}

/** IPv4 clients on a dual-stack socket show as ::ffff:a.b.c.d. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function trusted(blocks: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && blocks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The caller's IP. The socket's peer, unless proxies are trusted: then the chain is read from
 * the right — the peer, then X-Forwarded-For from its last entry backwards — and the first
 * address no trusted proxy vouches for wins (with `hops`, the address that many steps in;
 * with `addresses`, the first one outside the list). Everything to its left was written by the
 * client and is ignored, so a client cannot choose its IP. A malformed entry stops the walk at
 * the last trusted address. Null without a socket (e.g. `app.request()` in tests).
 */
export function clientIp(c: Context, trust: TrustProxy): string | null {
  const peer = peerAddress(c);
  if (!peer || trust.kind === 'none') return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let current = peer;
  for (let step = 0; ; step++) {
    const more = trust.kind === 'hops' ? step < trust.hops : trusted(trust.blocks, current);
    const next = forwarded.pop();
    if (!more || next === undefined) return current;
    if (isIP(plain(next)) === 0) return current;
    current = plain(next);
  }
}

/**
 * The address of the socket's peer, never a header: what a client cannot forge. Null without a
 * socket (e.g. `app.request()` in tests).
 */
export function peerAddress(c: Context): string | null {
  const env = c.env as NodeBindings | undefined;
  const remote = env?.incoming?.socket?.remoteAddress;
  return remote ? plain(remote) : null;
}

/** Whether `address` is this machine: 127.0.0.0/8 or ::1. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  return isIP(address) === 4 && address.startsWith('127.');
}
