import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import type { CertificateAuthority } from '../../crypto/ca.ts';
import type { DbOrTx } from '../../db/client.ts';
import { demoQtspUrls } from '../../services/pki/platform-ca.ts';
import { registerCertificate } from '../../services/pki/revocation.ts';
import type { TrustProvider } from './trust-provider.ts';

/** Certificates of the Demo QTSP live one hour: long enough for one signing session. */
const VALIDITY_MINUTES = 60;

/**
 * The Demo QTSP (test system): issues per-signer certificates from the built-in CA's Demo QTSP
 * (crypto/ca.ts, marked as test in policy and qcStatements) and registers each one, so the OCSP
 * responder answers "good" for it and a revocation reaches the CRL.
 */
export function demoQtsp(db: DbOrTx, ca: CertificateAuthority, publicUrl: string): TrustProvider {
  return {
    name: 'demo-qtsp',
    demo: true,
    async issue({ subject, qualified, legislation }) {
      const issued = ca.demoQtsp.issue({
        subject,
        qualified,
        legislation,
        validityMinutes: VALIDITY_MINUTES,
        urls: demoQtspUrls(publicUrl),
        policyUrl: `${publicUrl}${PKI_PATHS.demoQtspPolicy}`,
      });
      await registerCertificate(db, 'signer', issued.certificate);
      return issued;
    },
    async issueSeal({ subject, legislation, validityDays }) {
      const issued = ca.demoQtsp.issueKeyPair({
        subject,
        qualified: true,
        seal: true,
        legislation,
        validityMinutes: validityDays * 24 * 60,
        urls: demoQtspUrls(publicUrl),
        policyUrl: `${publicUrl}${PKI_PATHS.demoQtspPolicy}`,
      });
      return { ...issued, chain: [ca.demoQtsp.certificate, ca.rootCertificate] };
    },
  };
}
