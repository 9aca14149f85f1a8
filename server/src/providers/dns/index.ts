import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DnsVerifier } from './dns-verifier.ts';
import { createDnsVerifier } from './resolver.ts';
import { createSandboxDnsVerifier } from './sandbox.ts';

export type { DnsVerifier, TxtLookup } from './dns-verifier.ts';

/** The configured verifier: DNS (`DNS_VERIFIER=dns`, production's default) or the sandbox. */
export function dnsVerifier(config: Pick<Config, 'dnsVerifier'>, db: Db): DnsVerifier {
  return config.dnsVerifier === 'sandbox' ? createSandboxDnsVerifier(db) : createDnsVerifier();
}
