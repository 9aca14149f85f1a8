import { createHash, type KeyObject, sign as nodeSign, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { der, OID, randomSerial, signatureAlgorithmFor, tlv, toArrayBuffer } from './der.ts';

/** Distinguished-name parts Signet puts into certificates. */
export type CertificateSubject = {
  commonName: string;
  organization?: string;
  organizationalUnit?: string;
  country?: string;
  email?: string;
  /** A natural person's names, as their identification verified them (ETSI EN 319 412-2). */
  givenName?: string;
  surname?: string;
  /** A unique identifier of the subject within the issuer (semantics identifier or own). */
  serialNumber?: string;
};

/**
 * What a certificate is for: `ca` (keyCertSign, cRLSign), `signing` (document signatures),
 * `tsa` (RFC 3161 time stamps: critical extended key usage id-kp-timeStamping, nothing else)
 * and `ocsp` (a delegated OCSP responder: id-kp-OCSPSigning and id-pkix-ocsp-nocheck).
 */
export type CertificateProfile = 'ca' | 'signing' | 'tsa' | 'ocsp';

/** Where relying parties find the issuer's certificate, its CRL and its OCSP responder. */
export type IssuerUrls = { caIssuers?: string; crl?: string; ocsp?: string };

export type CertificateRequest = {
  subject: CertificateSubject;
  publicKey: KeyObject;
  profile: CertificateProfile;
  notBefore: Date;
  notAfter: Date;
  /** Issuer certificate DER and key; omitted for a self-signed root. */
  issuer?: { certificate: Uint8Array; privateKey: KeyObject };
  /** Key of a self-signed certificate (its own private key). */
  selfKey?: KeyObject;
  /** Authority information access and CRL distribution point written into the certificate. */
  urls?: IssuerUrls;
  /** DER of a certificatePolicies extension value (per-signer demo certificates). */
  policies?: Uint8Array;
  /** DER of a qcStatements extension value (ETSI EN 319 412-5). */
  qcStatements?: Uint8Array;
};

/** One attribute per RDN (pkijs alone would put them all into a single multi-valued RDN). */
function name(subject: CertificateSubject): pkijs.RelativeDistinguishedNames {
  const rdns: asn1js.Set[] = [];
  const add = (type: string, value: pkijs.AttributeValueType) =>
    rdns.push(
      new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] }),
    );
  if (subject.country) add(OID.country, new asn1js.PrintableString({ value: subject.country }));
  if (subject.organization)
    add(OID.organization, new asn1js.Utf8String({ value: subject.organization }));
  if (subject.organizationalUnit)
    add(OID.organizationalUnit, new asn1js.Utf8String({ value: subject.organizationalUnit }));
  if (subject.surname) add(OID.surname, new asn1js.Utf8String({ value: subject.surname }));
  if (subject.givenName) add(OID.givenName, new asn1js.Utf8String({ value: subject.givenName }));
  if (subject.serialNumber)
    add(OID.serialNumber, new asn1js.PrintableString({ value: subject.serialNumber }));
  add(OID.commonName, new asn1js.Utf8String({ value: subject.commonName }));
  if (subject.email) add(OID.email, new asn1js.IA5String({ value: subject.email }));
  return pkijs.RelativeDistinguishedNames.fromBER(
    new asn1js.Sequence({ value: rdns }).toBER(false),
  );
}

/** RFC 5280 method 1: SHA-1 of the subjectPublicKey bit string. */
export function keyIdentifier(spki: pkijs.PublicKeyInfo): ArrayBuffer {
  const bits = new Uint8Array(spki.subjectPublicKey.valueBlock.valueHexView);
  return toArrayBuffer(createHash('sha1').update(bits).digest());
}

/** keyUsage bits: digitalSignature(0) nonRepudiation(1); keyCertSign(5) cRLSign(6) for a CA. */
const KEY_USAGE: Record<CertificateProfile, { bits: number; unused: number }> = {
  ca: { bits: 0x06, unused: 1 },
  signing: { bits: 0xc0, unused: 6 },
  tsa: { bits: 0xc0, unused: 6 },
  ocsp: { bits: 0x80, unused: 7 },
};

function extension(
  extnID: string,
  value: { toBER(sizeOnly?: boolean): ArrayBuffer },
  critical = false,
): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

const uri = (value: string) => new pkijs.GeneralName({ type: 6, value });

/** An extension whose value is already DER. */
const rawExtension = (extnID: string, value: Uint8Array, critical = false) =>
  new pkijs.Extension({ extnID, critical, extnValue: toArrayBuffer(value) });

function extensions(
  request: CertificateRequest,
  ski: ArrayBuffer,
  aki: ArrayBuffer,
): pkijs.Extension[] {
  const { profile, urls } = request;
  const selfSigned = !request.issuer;
  const usage = KEY_USAGE[profile];
  const out = [
    extension(
      OID.basicConstraints,
      new pkijs.BasicConstraints(
        // A CA under the root (the Demo QTSP) issues end-entity certificates only.
        profile === 'ca' && !selfSigned
          ? { cA: true, pathLenConstraint: 0 }
          : { cA: profile === 'ca' },
      ).toSchema(),
      true,
    ),
    extension(
      OID.keyUsage,
      new asn1js.BitString({
        valueHex: new Uint8Array([usage.bits]).buffer,
        unusedBits: usage.unused,
      }),
      true,
    ),
    extension(OID.subjectKeyIdentifier, new asn1js.OctetString({ valueHex: ski })),
    extension(
      OID.authorityKeyIdentifier,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: aki }),
      }).toSchema(),
    ),
  ];
  // RFC 3161 2.3: the TSA's certificate has exactly one extended key usage, and it is critical.
  if (profile === 'tsa') {
    out.push(
      extension(
        OID.extKeyUsage,
        new pkijs.ExtKeyUsage({ keyPurposes: [OID.kpTimeStamping] }).toSchema(),
        true,
      ),
    );
  }
  if (profile === 'ocsp') {
    out.push(
      extension(
        OID.extKeyUsage,
        new pkijs.ExtKeyUsage({ keyPurposes: [OID.kpOcspSigning] }).toSchema(),
      ),
    );
    // RFC 6960 4.2.2.2.1: nobody checks the responder's own certificate for revocation.
    out.push(extension(OID.ocspNoCheck, new asn1js.Null()));
  }
  if (request.policies) out.push(rawExtension(OID.certificatePolicies, request.policies));
  if (request.qcStatements) out.push(rawExtension(OID.qcStatements, request.qcStatements));
  if (urls?.crl && profile !== 'ocsp' && !selfSigned) {
    out.push(
      extension(
        OID.crlDistributionPoints,
        new pkijs.CRLDistributionPoints({
          distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [uri(urls.crl)] })],
        }).toSchema(),
      ),
    );
  }
  const access: pkijs.AccessDescription[] = [];
  if (urls?.ocsp && profile !== 'ocsp' && !selfSigned) {
    access.push(
      new pkijs.AccessDescription({ accessMethod: OID.accessOcsp, accessLocation: uri(urls.ocsp) }),
    );
  }
  if (urls?.caIssuers && !selfSigned) {
    access.push(
      new pkijs.AccessDescription({
        accessMethod: OID.accessCaIssuers,
        accessLocation: uri(urls.caIssuers),
      }),
    );
  }
  if (access.length > 0) {
    out.push(
      extension(
        OID.authorityInfoAccess,
        new pkijs.InfoAccess({ accessDescriptions: access }).toSchema(),
      ),
    );
  }
  return out;
}

/** An issuer's name and key identifier, parsed once per issuer certificate. */
type IssuerParts = { name: pkijs.RelativeDistinguishedNames; keyId: ArrayBuffer };
const issuerParts = new WeakMap<Uint8Array, IssuerParts>();

function issuerOf(certificate: Uint8Array): IssuerParts {
  let parts = issuerParts.get(certificate);
  if (!parts) {
    const parsed = pkijs.Certificate.fromBER(toArrayBuffer(certificate));
    parts = { name: parsed.subject, keyId: keyIdentifier(parsed.subjectPublicKeyInfo) };
    issuerParts.set(certificate, parts);
  }
  return parts;
}

/**
 * Builds and signs an X.509 v3 certificate with pkijs; returns its DER. The issuer's
 * certificate is parsed once (the Demo QTSP issues one per AES or QES signature).
 */
export function createCertificate(request: CertificateRequest): Uint8Array {
  const signingKey = request.issuer?.privateKey ?? request.selfKey;
  if (!signingKey) throw new Error('A certificate needs an issuer key or its own key');
  const issuerCertificate = request.issuer ? issuerOf(request.issuer.certificate) : undefined;

  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = randomSerial(randomBytes(16));
  certificate.subject = name(request.subject);
  certificate.issuer = issuerCertificate ? issuerCertificate.name : name(request.subject);
  certificate.notBefore.value = request.notBefore;
  certificate.notAfter.value = request.notAfter;
  const spkiDer = request.publicKey.export({ type: 'spki', format: 'der' });
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(toArrayBuffer(spkiDer));

  const ski = keyIdentifier(certificate.subjectPublicKeyInfo);
  const aki = issuerCertificate ? issuerCertificate.keyId : ski;
  certificate.extensions = extensions(request, ski, aki);

  const algorithm = signatureAlgorithmFor(signingKey);
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  const tbs = new Uint8Array(certificate.encodeTBS().toBER(false));
  const value = nodeSign('sha256', tbs, { key: signingKey, dsaEncoding: 'der' });
  // Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING },
  // put together here rather than encoding the whole object model a second time.
  return new Uint8Array(
    tlv(0x30, tbs, der(algorithm.toSchema()), tlv(0x03, Uint8Array.of(0), value)),
  );
}

/** The subject common name of a DER certificate (for display and tests). */
export function certificateCommonName(der: Uint8Array): string | undefined {
  return commonNameOf(pkijs.Certificate.fromBER(toArrayBuffer(der)).subject);
}

/** The common name (else the organisation) of a distinguished name. */
export function commonNameOf(name: pkijs.RelativeDistinguishedNames): string | undefined {
  const pick = (type: string) =>
    name.typesAndValues.find((tv) => tv.type === type)?.value.valueBlock.value as
      | string
      | undefined;
  return pick(OID.commonName) ?? pick(OID.organization);
}

/** Lowercase hex of a certificate's serial number (how the registry and OCSP name it). */
export function serialHex(certificate: pkijs.Certificate): string {
  return Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex');
}
