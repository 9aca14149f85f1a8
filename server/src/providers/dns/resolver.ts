import { Resolver } from 'node:dns/promises';
import type { DnsVerifier, TxtLookup } from './dns-verifier.ts';

const NONE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** TXT records from the system's DNS resolvers, 5 s per attempt, two attempts. */
export function createDnsVerifier(): DnsVerifier {
  const resolver = new Resolver({ timeout: 5000, tries: 2 });
  return {
    kind: 'dns',
    async lookupTxt(name): Promise<TxtLookup> {
      try {
        const records = await resolver.resolveTxt(name);
        return { kind: 'found', records: records.map((chunks) => chunks.join('')) };
      } catch (e) {
        const code = (e as { code?: string }).code ?? '';
        if (NONE.has(code)) return { kind: 'none' };
        return { kind: 'error', message: code || String(e) };
      }
    },
  };
}
