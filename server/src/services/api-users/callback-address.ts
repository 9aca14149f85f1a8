import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { API_USER_ERRORS } from '@signet/shared/api-user/api-user.constants';
import type { TCallbackUrls } from '@signet/shared/api-user/api-user.schema';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/** Loopback, private, link-local, shared, multicast and reserved ranges (IPv4 and IPv6). */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is one a callback must not reach in production. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList judges an IPv4-mapped IPv6 address by the IPv4 rules (and would judge every IPv4
  // address by a `::ffff:0:0/96` rule, which is why there is none).
  return BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const refused = (url: string) =>
  new AppError(
    API_USER_ERRORS.callbackUrl,
    400,
    'Callback URLs must be http(s) and, in production, reach a public address',
    { url },
  );

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The callback URLs of a new request as stored: http(s) only (the schema checked that); in
 * production none may name a loopback or private address or `localhost` (400
 * INVALID_CALLBACK_URL). Names are resolved again before each call ({@link assertPublicTarget}).
 */
export function checkCallbackUrls(
  config: Pick<Config, 'mode'>,
  urls: TCallbackUrls,
): TCallbackUrls | null {
  const entries = Object.entries(urls).filter(([, v]) => typeof v === 'string') as [
    keyof TCallbackUrls,
    string,
  ][];
  if (entries.length === 0) return null;
  for (const [, value] of entries) {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(value);
    if (config.mode !== 'production') continue;
    const host = hostOf(url).toLowerCase();
    if (host === 'localhost' || host.endsWith('.localhost')) throw refused(value);
    if (isIP(host) && isPrivateAddress(host)) throw refused(value);
  }
  return Object.fromEntries(entries) as TCallbackUrls;
}

/**
 * Before a callback is sent in production: every address the host resolves to must be public (a
 * name that resolves to a private address now is refused, so DNS cannot turn a callback inward).
 */
export async function assertPublicTarget(config: Pick<Config, 'mode'>, url: URL): Promise<void> {
  if (config.mode !== 'production') return;
  const host = hostOf(url);
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
    throw new Error(`callback host ${host} resolves to a private address`);
  }
}
