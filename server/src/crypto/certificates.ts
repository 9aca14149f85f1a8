import { createHash, type KeyObject, sign as nodeSign } from 'node:crypto';
import type * as pkijs from 'pkijs';
import {
  generalizedTimeDer,
  integerDer,
  OID,
  oidDer,
  randomSerialBytes,
  signatureAlgorithmDer,
  tlv,
  toArrayBuffer,
} from './der.ts';
import { certificateFields, children, nameCommonName, readTlv } from './der-walk.ts';

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

const SEQUENCE = 0x30;
const SET = 0x31;
const UTF8_STRING = 0x0c;
const PRINTABLE_STRING = 0x13;
const IA5_STRING = 0x16;
const TRUE = Buffer.from([0x01, 0x01, 0xff]);
const NULL = Buffer.from([0x05, 0x00]);
/** [0] EXPLICIT INTEGER 2: an X.509 v3 certificate. */
const VERSION_3 = Buffer.from([0xa0, 0x03, 0x02, 0x01, 0x02]);

/**
 * A Name as DER, one attribute per RDN (pkijs alone would put them all into a single
 * multi-valued RDN), in the order below.
 */
function nameDer(subject: CertificateSubject): Buffer {
  const rdns: Buffer[] = [];
  const add = (type: string, tag: number, value: string) =>
    rdns.push(
      tlv(
        SET,
        tlv(
          SEQUENCE,
          oidDer(type),
          tlv(tag, Buffer.from(value, tag === UTF8_STRING ? 'utf8' : 'latin1')),
        ),
      ),
    );
  if (subject.country) add(OID.country, PRINTABLE_STRING, subject.country);
  if (subject.organization) add(OID.organization, UTF8_STRING, subject.organization);
  if (subject.organizationalUnit)
    add(OID.organizationalUnit, UTF8_STRING, subject.organizationalUnit);
  if (subject.surname) add(OID.surname, UTF8_STRING, subject.surname);
  if (subject.givenName) add(OID.givenName, UTF8_STRING, subject.givenName);
  if (subject.serialNumber) add(OID.serialNumber, PRINTABLE_STRING, subject.serialNumber);
  add(OID.commonName, UTF8_STRING, subject.commonName);
  if (subject.email) add(OID.email, IA5_STRING, subject.email);
  return tlv(SEQUENCE, ...rdns);
}

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050; whole seconds, UTC. */
function timeDer(date: Date): Buffer {
  if (date.getUTCFullYear() >= 2050) return generalizedTimeDer(date);
  const text = date
    .toISOString()
    .slice(2)
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:T]/g, '');
  return tlv(0x17, Buffer.from(text, 'latin1'));
}

/** RFC 5280 method 1: SHA-1 of the subjectPublicKey bit string. */
export function keyIdentifier(spki: pkijs.PublicKeyInfo): ArrayBuffer {
  const bits = new Uint8Array(spki.subjectPublicKey.valueBlock.valueHexView);
  return toArrayBuffer(createHash('sha1').update(bits).digest());
}

/** The same, of a DER SubjectPublicKeyInfo. */
function spkiKeyIdentifier(spki: Uint8Array): Buffer {
  const bits = children(spki, readTlv(spki, 0))[1];
  if (bits?.tag !== 0x03) throw new Error('Not a SubjectPublicKeyInfo');
  return createHash('sha1')
    .update(spki.subarray(bits.contentStart + 1, bits.end))
    .digest();
}

/** keyUsage bits: digitalSignature(0) nonRepudiation(1); keyCertSign(5) cRLSign(6) for a CA. */
const KEY_USAGE: Record<CertificateProfile, { bits: number; unused: number }> = {
  ca: { bits: 0x06, unused: 1 },
  signing: { bits: 0xc0, unused: 6 },
  tsa: { bits: 0xc0, unused: 6 },
  ocsp: { bits: 0x80, unused: 7 },
};

/** Extension ::= SEQUENCE { extnID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }. */
const extension = (extnID: string, value: Uint8Array, critical = false): Buffer =>
  tlv(SEQUENCE, oidDer(extnID), ...(critical ? [TRUE] : []), tlv(0x04, value));

/** A GeneralName uniformResourceIdentifier ([6] IA5String). */
const uri = (value: string): Buffer => tlv(0x86, Buffer.from(value, 'latin1'));

function extensions(request: CertificateRequest, ski: Uint8Array, aki: Uint8Array): Buffer[] {
  const { profile, urls } = request;
  const selfSigned = !request.issuer;
  const usage = KEY_USAGE[profile];
  // A CA under the root (the Demo QTSP) issues end-entity certificates only: pathLen 0.
  const basic =
    profile === 'ca'
      ? tlv(SEQUENCE, TRUE, ...(selfSigned ? [] : [Buffer.from([0x02, 0x01, 0x00])]))
      : tlv(SEQUENCE);
  const out = [
    extension(OID.basicConstraints, basic, true),
    extension(OID.keyUsage, Buffer.from([0x03, 0x02, usage.unused, usage.bits]), true),
    extension(OID.subjectKeyIdentifier, tlv(0x04, ski)),
    // AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] IMPLICIT OCTET STRING }
    extension(OID.authorityKeyIdentifier, tlv(SEQUENCE, tlv(0x80, aki))),
  ];
  // RFC 3161 2.3: the TSA's certificate has exactly one extended key usage, and it is critical.
  if (profile === 'tsa') {
    out.push(extension(OID.extKeyUsage, tlv(SEQUENCE, oidDer(OID.kpTimeStamping)), true));
  }
  if (profile === 'ocsp') {
    out.push(extension(OID.extKeyUsage, tlv(SEQUENCE, oidDer(OID.kpOcspSigning))));
    // RFC 6960 4.2.2.2.1: nobody checks the responder's own certificate for revocation.
    out.push(extension(OID.ocspNoCheck, NULL));
  }
  if (request.policies) out.push(extension(OID.certificatePolicies, request.policies));
  if (request.qcStatements) out.push(extension(OID.qcStatements, request.qcStatements));
  if (urls?.crl && profile !== 'ocsp' && !selfSigned) {
    // SEQUENCE OF DistributionPoint { distributionPoint [0] { fullName [0] GeneralNames } }
    out.push(
      extension(
        OID.crlDistributionPoints,
        tlv(SEQUENCE, tlv(SEQUENCE, tlv(0xa0, tlv(0xa0, uri(urls.crl))))),
      ),
    );
  }
  const access: Buffer[] = [];
  if (urls?.ocsp && profile !== 'ocsp' && !selfSigned) {
    access.push(tlv(SEQUENCE, oidDer(OID.accessOcsp), uri(urls.ocsp)));
  }
  if (urls?.caIssuers && !selfSigned) {
    access.push(tlv(SEQUENCE, oidDer(OID.accessCaIssuers), uri(urls.caIssuers)));
  }
  if (access.length > 0) out.push(extension(OID.authorityInfoAccess, tlv(SEQUENCE, ...access)));
  return out;
}

/** An issuer's name (its subject, byte for byte) and key identifier, read once per certificate. */
type IssuerParts = { name: Uint8Array; keyId: Uint8Array };
const issuerParts = new WeakMap<Uint8Array, IssuerParts>();

function issuerOf(certificate: Uint8Array): IssuerParts {
  let parts = issuerParts.get(certificate);
  if (!parts) {
    const fields = certificateFields(certificate);
    parts = { name: fields.subject, keyId: createHash('sha1').update(fields.publicKey).digest() };
    issuerParts.set(certificate, parts);
  }
  return parts;
}

/**
 * Builds and signs an X.509 v3 certificate; returns its DER. Written directly as DER (the
 * Demo QTSP issues one per AES or QES signature: the pkijs object model took ≈ 4 ms of the
 * 5 ms an issue costs); the issuer's certificate is read once.
 */
export function createCertificate(request: CertificateRequest): Uint8Array {
  const signingKey = request.issuer?.privateKey ?? request.selfKey;
  if (!signingKey) throw new Error('A certificate needs an issuer key or its own key');
  const issuer = request.issuer ? issuerOf(request.issuer.certificate) : undefined;
  const subject = nameDer(request.subject);
  const spki = request.publicKey.export({ type: 'spki', format: 'der' });
  const ski = spkiKeyIdentifier(spki);
  const algorithm = signatureAlgorithmDer(signingKey);
  const tbs = tlv(
    SEQUENCE,
    VERSION_3,
    integerDer(randomSerialBytes()),
    algorithm,
    issuer ? issuer.name : subject,
    tlv(SEQUENCE, timeDer(request.notBefore), timeDer(request.notAfter)),
    subject,
    spki,
    tlv(0xa3, tlv(SEQUENCE, ...extensions(request, ski, issuer ? issuer.keyId : ski))),
  );
  const value = nodeSign('sha256', tbs, { key: signingKey, dsaEncoding: 'der' });
  // Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }
  return new Uint8Array(tlv(SEQUENCE, tbs, algorithm, tlv(0x03, Uint8Array.of(0), value)));
}

/** The subject common name of a DER certificate (for display and tests). */
export function certificateCommonName(der: Uint8Array): string | undefined {
  return nameCommonName(certificateFields(der).subject);
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
