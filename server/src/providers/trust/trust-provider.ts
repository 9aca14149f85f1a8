import type { KeyObject } from 'node:crypto';
import type { TLegislation } from '@signet/shared/user/user.schema';
import type { CertificateSubject } from '../../crypto/certificates.ts';
import type { Signer } from '../../crypto/signer.ts';

/**
 * A trust service that issues a signer's own certificate for an AES or QES signature (Swisscom,
 * D-Trust, … in a real deployment). Signet asks it only after the person confirmed the
 * signature with a TAN; the certificate names the identity an identification verified.
 */
export type TrustProvider = {
  /** The provider's name, as qualities and events name it (`demo-qtsp`). */
  readonly name: string;
  /** Whether its certificates are demo ones (the interface shows "Test System"). */
  readonly demo: boolean;
  /**
   * Issues a fresh key and a short-lived certificate: `qualified` for QES (qualified statements),
   * else AES. Resolves to what signs and the certificate.
   */
  issue(request: {
    subject: CertificateSubject;
    qualified: boolean;
    legislation: TLegislation;
  }): Promise<{ signer: Signer; certificate: Uint8Array }>;
  /**
   * Issues a qualified seal certificate (QcType eSeal) for a business's seal, with a fresh key
   * Signet keeps sealed like a `seal.aes` key (a real provider would keep it in its remote
   * signing device; this interface is where that adapter goes). Resolves to the key, the
   * certificate and the chain up to the root (without the certificate itself). Unlike `issue`,
   * it does not register the certificate: the caller does, in the transaction that stores the
   * seal.
   */
  issueSeal(request: {
    subject: CertificateSubject;
    legislation: TLegislation;
    validityDays: number;
  }): Promise<{ privateKey: KeyObject; certificate: Uint8Array; chain: Uint8Array[] }>;
};
