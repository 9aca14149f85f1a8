import type { TChainStatus } from '@signet/shared/verify/verify.constants';
import type { TVerifyCertificate } from '@signet/shared/verify/verify.schema';
import * as pkijs from 'pkijs';
import { commonNameOf } from '../../crypto/certificates.ts';
import { toArrayBuffer } from '../../crypto/der.ts';
import { certificateSignedBy } from '../../crypto/tsa/timestamp-token.ts';

/** Certificates met anywhere in the file (CMS, time-stamp tokens, DSS) plus the trusted roots. */
export class CertificatePool {
  readonly all: pkijs.Certificate[] = [];
  private readonly seen = new Set<string>();
  private readonly trusted = new Set<string>();

  constructor(trustedRoots: readonly Uint8Array[]) {
    for (const der of trustedRoots) {
      const cert = this.addDer(der);
      if (cert) this.trusted.add(this.keyOf(cert));
    }
  }

  private keyOf(c: pkijs.Certificate): string {
    return Buffer.from(c.toSchema().toBER(false)).toString('base64');
  }

  add(cert: pkijs.Certificate): pkijs.Certificate {
    const key = this.keyOf(cert);
    if (!this.seen.has(key)) {
      this.seen.add(key);
      this.all.push(cert);
    }
    return cert;
  }

  addDer(der: Uint8Array): pkijs.Certificate | undefined {
    try {
      return this.add(pkijs.Certificate.fromBER(toArrayBuffer(der)));
    } catch {
      return undefined;
    }
  }

  isTrusted(c: pkijs.Certificate): boolean {
    return this.trusted.has(this.keyOf(c));
  }

  /** The issuer of `c` among the pool: same name, and its key verifies `c`'s signature. */
  issuerOf(c: pkijs.Certificate): pkijs.Certificate | undefined {
    return this.all.find((candidate) => candidate !== c && certificateSignedBy(c, candidate));
  }

  /** Leaf first, up to a self-signed certificate or as far as the pool reaches. */
  chain(leaf: pkijs.Certificate): { certificates: pkijs.Certificate[]; status: TChainStatus } {
    const out = [leaf];
    let current = leaf;
    for (let depth = 0; depth < 8; depth++) {
      if (this.isTrusted(current)) return { certificates: out, status: 'trusted' };
      if (isSelfSigned(current)) return { certificates: out, status: 'untrusted' };
      const issuer = this.issuerOf(current);
      if (!issuer || out.includes(issuer)) break;
      out.push(issuer);
      current = issuer;
    }
    return { certificates: out, status: 'incomplete' };
  }
}

export function isSelfSigned(c: pkijs.Certificate): boolean {
  return c.subject.isEqual(c.issuer) && certificateSignedBy(c, c);
}

const nameText = (n: pkijs.RelativeDistinguishedNames) => commonNameOf(n) ?? '';

export function describe(c: pkijs.Certificate): TVerifyCertificate {
  return {
    subject: nameText(c.subject),
    issuer: nameText(c.issuer),
    serial: Buffer.from(c.serialNumber.valueBlock.valueHexView).toString('hex'),
    not_before: c.notBefore.value.toISOString(),
    not_after: c.notAfter.value.toISOString(),
  };
}
