import type { Config } from '../../config.ts';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import type { TimestampAuthority } from '../../crypto/tsa/timestamp-authority.ts';

const builtins = new WeakMap<CertificateAuthority, TimestampAuthority>();
const external = new Map<string, TimestampAuthority>();

/**
 * The time-stamping authority signatures and document time stamps use: the one at TSA_URL, or
 * the built-in TSA of the built-in CA (in process, no network).
 */
export async function timestampAuthority(
  config: Pick<Config, 'tsaUrl'>,
  ca: CertificateAuthority,
): Promise<TimestampAuthority> {
  const { builtinTsa, httpTsa } = await import('../../crypto/tsa/timestamp-authority.ts');
  if (config.tsaUrl) {
    let tsa = external.get(config.tsaUrl);
    if (!tsa) {
      tsa = httpTsa(config.tsaUrl);
      external.set(config.tsaUrl, tsa);
    }
    return tsa;
  }
  let tsa = builtins.get(ca);
  if (!tsa) {
    tsa = builtinTsa(ca.tsaSigner);
    builtins.set(ca, tsa);
  }
  return tsa;
}
