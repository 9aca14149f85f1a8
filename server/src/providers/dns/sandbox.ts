import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxDnsRecords } from '../../db/schema/sandbox-dns-records.ts';
import type { DnsVerifier, TxtLookup } from './dns-verifier.ts';

/** Names under this label answer SERVFAIL, as a broken zone would (to try the failure path). */
export const SANDBOX_SERVFAIL_LABEL = 'servfail';

/**
 * The sandbox resolver of test mode: TXT records come from the sandbox zone (the
 * `sandbox_dns_records` table, filled at `/sandbox/dns`), after a resolver's delay (40–160 ms);
 * a name with a `servfail` label fails like a broken zone. Nothing leaves the machine.
 */
export function createSandboxDnsVerifier(
  db: Db,
  options: { delayMs?: () => number } = {},
): DnsVerifier {
  const delay = options.delayMs ?? (() => 40 + Math.floor(Math.random() * 120));
  return {
    kind: 'sandbox',
    async lookupTxt(name): Promise<TxtLookup> {
      await new Promise((resolve) => setTimeout(resolve, delay()));
      const fqdn = name.toLowerCase().replace(/\.$/, '');
      if (fqdn.split('.').includes(SANDBOX_SERVFAIL_LABEL)) {
        return { kind: 'error', message: 'SERVFAIL' };
      }
      const rows = await db
        .select({ value: sandboxDnsRecords.value })
        .from(sandboxDnsRecords)
        .where(eq(sandboxDnsRecords.name, fqdn));
      return rows.length ? { kind: 'found', records: rows.map((r) => r.value) } : { kind: 'none' };
    },
  };
}
