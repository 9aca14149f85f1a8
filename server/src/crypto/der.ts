import { type KeyObject, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** Object identifiers Signet writes or reads, in one place. */
export const OID = {
  // names
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  organizationalUnit: '2.5.4.11',
  givenName: '2.5.4.42',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  email: '1.2.840.113549.1.9.1',
  // certificate extensions
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  crlDistributionPoints: '2.5.29.31',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  accessCaIssuers: '1.3.6.1.5.5.7.48.2',
  certificatePolicies: '2.5.29.32',
  cpsQualifier: '1.3.6.1.5.5.7.2.1',
  userNoticeQualifier: '1.3.6.1.5.5.7.2.2',
  qcStatements: '1.3.6.1.5.5.7.1.3',
  // ETSI EN 319 412-5 statements
  qcSscd: '0.4.0.1862.1.4',
  qcPds: '0.4.0.1862.1.5',
  qcType: '0.4.0.1862.1.6',
  qcTypeEsign: '0.4.0.1862.1.6.1',
  qcTypeEseal: '0.4.0.1862.1.6.2',
  qcCcLegislation: '0.4.0.1862.1.7',
  kpTimeStamping: '1.3.6.1.5.5.7.3.8',
  kpOcspSigning: '1.3.6.1.5.5.7.3.9',
  // CRL extensions
  crlNumber: '2.5.29.20',
  // CMS
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  // OCSP
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  // algorithms
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
} as const;

/** Node's name of a digest algorithm OID; undefined for one we do not accept. */
export function hashName(oid: string): 'sha1' | 'sha256' | 'sha384' | 'sha512' | undefined {
  switch (oid) {
    case OID.sha1:
      return 'sha1';
    case OID.sha256:
    case OID.sha256WithRsa:
    case OID.ecdsaWithSha256:
      return 'sha256';
    case OID.sha384:
    case OID.sha384WithRsa:
    case OID.ecdsaWithSha384:
      return 'sha384';
    case OID.sha512:
    case OID.sha512WithRsa:
    case OID.ecdsaWithSha512:
      return 'sha512';
    default:
      return undefined;
  }
}

/** A standalone ArrayBuffer with exactly these bytes (what asn1js and pkijs want). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** DER of an ASN.1 value. */
export function der(value: { toBER(sizeOnly?: boolean): ArrayBuffer }): Uint8Array {
  return new Uint8Array(value.toBER(false));
}

/** Parses DER; throws on trailing or broken input. */
export function fromDer(bytes: Uint8Array): asn1js.AsnType {
  const parsed = asn1js.fromBER(toArrayBuffer(bytes));
  if (parsed.offset === -1) throw new Error('Malformed DER');
  return parsed.result;
}

/** Tag and length header of a DER value of `length` content bytes. */
export function derHeader(tag: number, length: number): Buffer {
  if (length < 0x80) return Buffer.from([tag, length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
}

/** A DER value from its tag and content parts (concatenated). */
export function tlv(tag: number, ...content: readonly Uint8Array[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([derHeader(tag, body.length), body]);
}

/** DER of an OBJECT IDENTIFIER, cached per OID. */
const oidCache = new Map<string, Uint8Array>();
export function oidDer(oid: string): Uint8Array {
  let out = oidCache.get(oid);
  if (!out) {
    out = der(new asn1js.ObjectIdentifier({ value: oid }));
    oidCache.set(oid, out);
  }
  return out;
}

/** DER of a non-negative INTEGER from its big-endian magnitude. */
export function integerDer(magnitude: Uint8Array): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const body = Buffer.from(magnitude.subarray(start));
  return tlv(0x02, (body[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body);
}

/** DER GeneralizedTime in whole seconds, UTC (YYYYMMDDHHMMSSZ). */
export function generalizedTimeDer(date: Date): Buffer {
  const text = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:T]/g, '');
  return tlv(0x18, Buffer.from(text, 'latin1'));
}

/** One CMS Attribute (SEQUENCE { type, SET { value } }) as DER. */
export function attributeDer(type: string, value: asn1js.AsnType): Uint8Array {
  return der(
    new asn1js.Sequence({
      value: [new asn1js.ObjectIdentifier({ value: type }), new asn1js.Set({ value: [value] })],
    }),
  );
}

/** The signature algorithm identifier for signing with `key` (SHA-256). */
export function signatureAlgorithmFor(
  keyType: 'RSA' | 'EC' | KeyObject,
): pkijs.AlgorithmIdentifier {
  const type = typeof keyType === 'string' ? keyType : keyType.asymmetricKeyType?.toUpperCase();
  if (type === 'RSA') {
    return new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256WithRsa,
      algorithmParams: new asn1js.Null(),
    });
  }
  if (type === 'EC') return new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
  throw new Error(`Unsupported key type ${String(type)}`);
}

const signatureAlgorithms = new Map<string, Uint8Array>();

/**
 * {@link signatureAlgorithmFor} as DER, encoded once per key type: every certificate the Demo
 * QTSP issues and every CMS of a new signer (AES, QES) writes it, and the object model took
 * ≈ 1 ms a time.
 */
export function signatureAlgorithmDer(keyType: 'RSA' | 'EC' | KeyObject): Uint8Array {
  const type = typeof keyType === 'string' ? keyType : keyType.asymmetricKeyType?.toUpperCase();
  let out = signatureAlgorithms.get(String(type));
  if (!out) {
    out = der(signatureAlgorithmFor(keyType).toSchema());
    signatureAlgorithms.set(String(type), out);
  }
  return out;
}

/** The SHA-256 algorithm identifier (parameters absent, as RFC 5754 prefers). */
export const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });

/** `random` made a positive number with its top byte set: serials of one fixed length. */
function positiveSerial(random: Uint8Array): Uint8Array {
  const serial = new Uint8Array(random);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  return serial;
}

/** A random positive serial number of 16 bytes, minimal in DER. */
export function randomSerial(random: Uint8Array): asn1js.Integer {
  return new asn1js.Integer({ valueHex: toArrayBuffer(positiveSerial(random)) });
}

/** 16 random bytes as a positive serial with the top byte set (see `integerDer`). */
export const randomSerialBytes = (): Uint8Array => positiveSerial(randomBytes(16));
