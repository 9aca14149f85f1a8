import { createHash } from 'node:crypto';
import {
  der,
  derHeader,
  integerDer,
  OID,
  oidDer,
  sha256Algorithm,
  signatureAlgorithmDer,
  tlv,
} from './der.ts';
import { certificateFields, children, readTlv } from './der-walk.ts';
import type { Signer } from './signer.ts';

/**
 * CMS SignedData as Signet writes it (RFC 5652), for PAdES signatures (detached, eContentType
 * id-data) and RFC 3161 time-stamp tokens (encapsulated TSTInfo): one SignerInfo with signed
 * attributes contentType, messageDigest and ESS signing-certificate-v2 — never signing-time.
 *
 * The DER is put together from pieces encoded once per signer (certificates, signer id,
 * algorithm identifiers), so a signature costs its hash and its signing operation, not an
 * object model's encoding (≈ 0.1 ms instead of ≈ 10 ms with pkijs objects).
 */

/** What does not change between two signatures of one signer, encoded once. */
type SignerParts = {
  /** Concatenated DER certificates (the content of `certificates [0] IMPLICIT`). */
  certificates: Buffer;
  signingCertificateV2: Uint8Array;
  /** IssuerAndSerialNumber DER. */
  sid: Uint8Array;
  signatureAlgorithm: Uint8Array;
};
const partsCache = new WeakMap<Signer, SignerParts>();
const SHA256_ALGORITHM = der(sha256Algorithm().toSchema());

function signerParts(signer: Signer): SignerParts {
  const cached = partsCache.get(signer);
  if (cached) return cached;
  const leafDer = signer.certificateChain[0];
  if (!leafDer) throw new Error('Signer has no certificate');
  // Read with the DER walker, not parsed: a signer's own certificate (AES, QES) is new at
  // every signature, and pkijs takes milliseconds per parse.
  const leaf = certificateFields(leafDer);
  // ESS signing-certificate-v2 (RFC 5035): binds the certificate to the signature. SHA-256 is
  // the default hash algorithm, so ESSCertIDv2 omits it. Its IssuerSerial names the issuer as
  // GeneralNames { directoryName [4] Name }.
  const essCertIdV2 = tlv(
    0x30,
    tlv(0x04, createHash('sha256').update(leafDer).digest()),
    tlv(0x30, tlv(0x30, tlv(0xa4, leaf.issuer)), leaf.serialDer),
  );
  const parts: SignerParts = {
    certificates: Buffer.concat(signer.certificateChain),
    signingCertificateV2: tlv(
      0x30,
      oidDer(OID.signingCertificateV2),
      tlv(0x31, tlv(0x30, tlv(0x30, essCertIdV2))),
    ),
    // IssuerAndSerialNumber.
    sid: tlv(0x30, leaf.issuer, leaf.serialDer),
    signatureAlgorithm: signatureAlgorithmDer(signer.keyType),
  };
  partsCache.set(signer, parts);
  return parts;
}

export type SignedDataInput = {
  signer: Signer;
  /** id-data for a detached document signature, id-ct-TSTInfo for a time-stamp token. */
  eContentType: string;
  /** Encapsulated content (a TSTInfo); absent for a detached signature. */
  eContent?: Uint8Array;
  /** SHA-256 of the signed content (the PDF byte range, or eContent). */
  digest: Uint8Array;
  /** Certificates to include; defaults to the signer's chain. */
  certificates?: readonly Uint8Array[];
};

/** A signed SignerInfo whose unsigned attributes may still be added (a signature time stamp). */
export type SignedParts = {
  /** The signature value: what a signature time stamp is taken over. */
  signatureValue: Uint8Array;
  /** Encodes the ContentInfo, optionally with unsigned attributes (DER Attributes). */
  encode(unsignedAttributes?: readonly Uint8Array[]): Uint8Array;
};

/** Signs the attributes and returns the parts to encode. */
export async function signData(input: SignedDataInput): Promise<SignedParts> {
  if (input.digest.length !== 32) throw new Error('Expected a SHA-256 digest');
  const attributes = signedAttributes(input);
  // The signature covers the attributes encoded as a SET (tag 0x31); in SignerInfo they are [0].
  const signatureValue = await input.signer.sign(tlv(0x31, ...attributes));
  return {
    signatureValue,
    encode: (unsigned = []) => encodeContentInfo(input, attributes, signatureValue, unsigned),
  };
}

/**
 * The size of the ContentInfo {@link signData} makes for this signer without unsigned
 * attributes, with the longest signature value the key can give: what to reserve.
 */
export function signedDataMaxBytes(signer: Signer, eContentType: string = OID.data): number {
  const input = { signer, eContentType, digest: new Uint8Array(32) };
  const fake = new Uint8Array(maxSignatureBytes(signer)).fill(0x7f);
  return encodeContentInfo(input, signedAttributes(input), fake, []).length;
}

function signedAttributes(input: SignedDataInput): Uint8Array[] {
  return [
    tlv(0x30, oidDer(OID.contentType), tlv(0x31, oidDer(input.eContentType))),
    tlv(0x30, oidDer(OID.messageDigest), tlv(0x31, tlv(0x04, input.digest))),
    signerParts(input.signer).signingCertificateV2,
  ].sort((a, b) => Buffer.compare(a, b)); // DER: a SET OF is sorted by encoding
}

function encodeContentInfo(
  input: SignedDataInput,
  attributes: readonly Uint8Array[],
  signatureValue: Uint8Array,
  unsignedAttributes: readonly Uint8Array[],
): Uint8Array {
  const parts = signerParts(input.signer);
  const certificates = input.certificates ? Buffer.concat(input.certificates) : parts.certificates;
  const signerInfo = tlv(
    0x30,
    integerDer(Uint8Array.of(1)),
    parts.sid,
    SHA256_ALGORITHM,
    tlv(0xa0, ...attributes),
    parts.signatureAlgorithm,
    tlv(0x04, signatureValue),
    ...(unsignedAttributes.length > 0 ? [tlv(0xa1, ...unsignedAttributes)] : []),
  );
  const encapsulated = tlv(
    0x30,
    oidDer(input.eContentType),
    ...(input.eContent ? [tlv(0xa0, tlv(0x04, input.eContent))] : []),
  );
  const signedData = tlv(
    0x30,
    // RFC 5652 5.1: version 3 when the encapsulated content is not id-data.
    integerDer(Uint8Array.of(input.eContentType === OID.data ? 1 : 3)),
    tlv(0x31, SHA256_ALGORITHM),
    encapsulated,
    tlv(0xa0, certificates),
    tlv(0x31, signerInfo),
  );
  return new Uint8Array(tlv(0x30, oidDer(OID.signedData), tlv(0xa0, signedData)));
}

/** Bytes of a DER value (tag, length, content) with `content` bytes of content. */
export function tlvSize(content: number): number {
  return derHeader(0x30, content).length + content;
}

/**
 * The most bytes adding one unsigned attribute whose value has `valueBytes` bytes can add to a
 * ContentInfo: the attribute itself (SEQUENCE { OID, SET { value } }) in a new [1] SET, plus one
 * length byte for each of the five enclosing values whose length may cross a size boundary.
 */
export function unsignedAttributeGrowth(oid: string, valueBytes: number): number {
  const attribute = tlvSize(oidDer(oid).length + tlvSize(valueBytes));
  return tlvSize(attribute) + 5;
}

/** The signature value's largest length for a signer (RSA: the modulus; ECDSA: DER r, s). */
export function maxSignatureBytes(signer: Signer): number {
  const leaf = signer.certificateChain[0];
  if (!leaf) throw new Error('Signer has no certificate');
  const key = certificateFields(leaf).publicKey;
  if (signer.keyType === 'EC') {
    // An uncompressed point (0x04, x, y); SEQUENCE { INTEGER r, INTEGER s }, each at most the
    // field size plus a sign byte.
    const field = (key.length - 1) / 2;
    return tlvSize(2 * tlvSize(field + 1));
  }
  // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
  const [modulusTlv] = children(key, readTlv(key, 0));
  if (modulusTlv?.tag !== 0x02) throw new Error('Not an RSA public key');
  const modulus = key.subarray(modulusTlv.contentStart, modulusTlv.end);
  return modulus[0] === 0 ? modulus.length - 1 : modulus.length;
}
