import { createHash, type KeyObject, sign as nodeSign, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** Distinguished-name parts Signet puts into certificates. */
export type CertificateSubject = {
  commonName: string;
  organization?: string;
  country?: string;
  email?: string;
};

export type CertificateProfile = 'ca' | 'signing';

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
};

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  email: '1.2.840.113549.1.9.1',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

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
  add(OID.commonName, new asn1js.Utf8String({ value: subject.commonName }));
  if (subject.email) add(OID.email, new asn1js.IA5String({ value: subject.email }));
  return pkijs.RelativeDistinguishedNames.fromBER(
    new asn1js.Sequence({ value: rdns }).toBER(false),
  );
}

function signatureAlgorithm(key: KeyObject): pkijs.AlgorithmIdentifier {
  if (key.asymmetricKeyType === 'rsa') {
    return new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256WithRsa,
      algorithmParams: new asn1js.Null(),
    });
  }
  if (key.asymmetricKeyType === 'ec')
    return new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
  throw new Error(`Unsupported key type ${key.asymmetricKeyType}`);
}

/** RFC 5280 method 1: SHA-1 of the subjectPublicKey bit string. */
function keyIdentifier(spki: pkijs.PublicKeyInfo): ArrayBuffer {
  const bits = new Uint8Array(spki.subjectPublicKey.valueBlock.valueHexView);
  return toArrayBuffer(createHash('sha1').update(bits).digest());
}

/** Builds and signs an X.509 v3 certificate with pkijs; returns its DER. */
export function createCertificate(request: CertificateRequest): Uint8Array {
  const signingKey = request.issuer?.privateKey ?? request.selfKey;
  if (!signingKey) throw new Error('A certificate needs an issuer key or its own key');
  const issuerCertificate = request.issuer
    ? pkijs.Certificate.fromBER(toArrayBuffer(request.issuer.certificate))
    : undefined;

  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40; // positive and minimal DER: no leading 0x00
  certificate.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
  certificate.subject = name(request.subject);
  certificate.issuer = issuerCertificate ? issuerCertificate.subject : name(request.subject);
  certificate.notBefore.value = request.notBefore;
  certificate.notAfter.value = request.notAfter;
  const spkiDer = request.publicKey.export({ type: 'spki', format: 'der' });
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(toArrayBuffer(spkiDer));

  const ski = keyIdentifier(certificate.subjectPublicKeyInfo);
  const aki = issuerCertificate ? keyIdentifier(issuerCertificate.subjectPublicKeyInfo) : ski;
  const isCa = request.profile === 'ca';
  // keyUsage bits: digitalSignature(0) nonRepudiation(1) for signing; keyCertSign(5) cRLSign(6) for a CA
  const keyUsage = isCa
    ? new asn1js.BitString({ valueHex: new Uint8Array([0x06]).buffer, unusedBits: 1 })
    : new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: isCa }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER(false) }),
    new pkijs.Extension({
      extnID: OID.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: ski }).toBER(false),
    }),
    new pkijs.Extension({
      extnID: OID.authorityKeyIdentifier,
      extnValue: new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: aki }),
      })
        .toSchema()
        .toBER(false),
    }),
  ];

  const algorithm = signatureAlgorithm(signingKey);
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER(false));
  const value = nodeSign('sha256', certificate.tbsView, { key: signingKey, dsaEncoding: 'der' });
  certificate.signatureValue = new asn1js.BitString({ valueHex: toArrayBuffer(value) });
  return new Uint8Array(certificate.toSchema(false).toBER(false));
}

/** The subject common name of a DER certificate (for display and tests). */
export function certificateCommonName(der: Uint8Array): string | undefined {
  const certificate = pkijs.Certificate.fromBER(toArrayBuffer(der));
  const cn = certificate.subject.typesAndValues.find((tv) => tv.type === OID.commonName);
  return cn?.value.valueBlock.value as string | undefined;
}
