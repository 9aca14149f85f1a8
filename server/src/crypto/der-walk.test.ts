import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from './ca.ts';
import { commonNameOf } from './certificates.ts';
import { attributeDer, der, OID, toArrayBuffer } from './der.ts';
import { certificateFields } from './der-walk.ts';
import { describeCertificate } from './revocation.ts';
import { maxSignatureBytes, signData } from './signed-data.ts';
import type { Signer } from './signer.ts';

const SECRET = 'der-walk-test-secret-0123456789';
const ca = loadCa(createCa(SECRET), SECRET);
/** A CA as stored before issue #12, with an RSA-2048 platform key. */
const rsaCa = loadCa(createCa(SECRET, { platformKey: 'RSA' }), SECRET);
const qes = ca.demoQtsp.issue({
  subject: {
    commonName: 'Łukasz Żółć-Ελένη',
    givenName: 'Łukasz',
    surname: 'Żółć-Ελένη',
    country: 'PL',
    serialNumber: 'DEMO-0123ABCD',
  },
  qualified: true,
  legislation: 'ZERTES',
  policyUrl: 'https://signet.example/pki/demo-qtsp-policy.txt',
});

/** The signer's identifiers as pkijs encodes them (what Signet wrote before the walker). */
function pkijsReference(signer: Signer) {
  const leafDer = signer.certificateChain[0] as Uint8Array;
  const leaf = pkijs.Certificate.fromBER(toArrayBuffer(leafDer));
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: createHash('sha256').update(leafDer).digest() }),
      new pkijs.IssuerSerial({
        issuer: new pkijs.GeneralNames({
          names: [new pkijs.GeneralName({ type: 4, value: leaf.issuer })],
        }),
        serialNumber: leaf.serialNumber,
      }).toSchema(),
    ],
  });
  return {
    leaf,
    signingCertificateV2: attributeDer(
      OID.signingCertificateV2,
      new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] }),
    ),
    sid: der(
      new pkijs.IssuerAndSerialNumber({
        issuer: leaf.issuer,
        serialNumber: leaf.serialNumber,
      }).toSchema(),
    ),
  };
}

describe('certificates read with the DER walker', () => {
  it.each([
    ['the platform (EC P-256)', ca.platformSigner, 72],
    ['an older platform key (RSA-2048)', rsaCa.platformSigner, 256],
    ['a Demo QTSP signer (EC P-256)', qes.signer, 72],
  ])(
    '%s: the CMS names the signer exactly as pkijs encodes it; the longest signature value is known',
    async (_label, signer, longest) => {
      const reference = pkijsReference(signer);
      const cms = Buffer.from(
        (
          await signData({ signer, eContentType: OID.data, digest: new Uint8Array(32).fill(7) })
        ).encode(),
      );
      expect(cms.indexOf(Buffer.from(reference.sid))).toBeGreaterThan(0);
      expect(cms.indexOf(Buffer.from(reference.signingCertificateV2))).toBeGreaterThan(0);
      expect(maxSignatureBytes(signer)).toBe(longest);
    },
  );

  it('reads serial, names, expiry and key as pkijs does, Unicode names included', () => {
    for (const certificate of [qes.certificate, ca.platformCertificate, ca.rootCertificate]) {
      const parsed = pkijs.Certificate.fromBER(toArrayBuffer(certificate));
      const fields = certificateFields(certificate);
      expect(Buffer.from(fields.issuer)).toEqual(Buffer.from(der(parsed.issuer.toSchema())));
      expect(Buffer.from(fields.subject)).toEqual(Buffer.from(der(parsed.subject.toSchema())));
      expect(Buffer.from(fields.publicKey)).toEqual(
        Buffer.from(parsed.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
      );
      const described = describeCertificate(certificate);
      expect(described.subject).toBe(commonNameOf(parsed.subject));
      expect(described.notAfter.getTime()).toBe(parsed.notAfter.value.getTime());
      expect(described.serialHex).toBe(
        Buffer.from(parsed.serialNumber.valueBlock.valueHexView)
          .toString('hex')
          .replace(/^(00)+(?=.)/, ''),
      );
    }
    expect(describeCertificate(qes.certificate).subject).toBe('Łukasz Żółć-Ελένη');
  });
});
