import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fromDer, hashName, OID } from '../der.ts';

/**
 * RFC 3161 time-stamp tokens: what every part of Signet reads from one (the HTTP TSA client,
 * the validator, the tests) — its TSTInfo, its certificates, and whether its signature holds.
 */

export type TimestampToken = {
  /** The time the TSA vouches for. */
  genTime: Date;
  /** The hash the TSA signed ("message imprint") and its algorithm. */
  imprint: { algorithm: string; digest: Uint8Array };
  serialHex: string;
  policy: string;
  nonce?: bigint;
  /** The signed-data's certificates (the TSA's first when it is there). */
  certificates: pkijs.Certificate[];
  /** The SignerInfo's signing certificate, when the token carries it. */
  signer?: pkijs.Certificate;
  /** Whether the SignerInfo's signature holds over its attributes with `signer`'s key. */
  signatureValid: boolean;
};

const ARRAY = (view: ArrayBuffer | Uint8Array) =>
  view instanceof Uint8Array ? view : new Uint8Array(view);

/** Parses and checks a TimeStampToken (a ContentInfo with SignedData over a TSTInfo). */
export function readTimestampToken(token: Uint8Array): TimestampToken {
  const contentInfo = new pkijs.ContentInfo({ schema: fromDer(token) });
  if (contentInfo.contentType !== OID.signedData) throw new Error('Not a CMS SignedData');
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo) {
    throw new Error('The signed data does not hold a TSTInfo');
  }
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) throw new Error('The token has no TSTInfo');
  const tstDer = ARRAY(eContent.getValue());
  const tst = new pkijs.TSTInfo({ schema: fromDer(tstDer) });
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const signerInfo = signedData.signerInfos[0];
  const signer = signerInfo ? findSigner(signerInfo, certificates) : undefined;
  const signatureValid =
    !!signerInfo && !!signer && checkSignerInfo(signerInfo, signer, tstDer, OID.tstInfo);
  const nonceHex = tst.nonce ? Buffer.from(tst.nonce.valueBlock.valueHexView).toString('hex') : '';
  const nonce = tst.nonce ? BigInt(`0x${nonceHex || '0'}`) : undefined;
  return {
    genTime: tst.genTime,
    imprint: {
      algorithm: tst.messageImprint.hashAlgorithm.algorithmId,
      digest: ARRAY(tst.messageImprint.hashedMessage.valueBlock.valueHexView),
    },
    serialHex: Buffer.from(tst.serialNumber.valueBlock.valueHexView).toString('hex'),
    policy: tst.policy,
    ...(nonce !== undefined ? { nonce } : {}),
    certificates: signer ? [signer, ...certificates.filter((c) => c !== signer)] : certificates,
    ...(signer ? { signer } : {}),
    signatureValid,
  };
}

/** The certificate a SignerInfo names (issuer and serial, or subject key identifier). */
export function findSigner(
  signerInfo: pkijs.SignerInfo,
  certificates: readonly pkijs.Certificate[],
): pkijs.Certificate | undefined {
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certificates.find(
      (c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
    );
  }
  const keyId = Buffer.from((sid as asn1js.OctetString).valueBlock.valueHexView);
  return certificates.find((c) => {
    const ski = c.extensions?.find((e) => e.extnID === OID.subjectKeyIdentifier);
    return (
      ski &&
      Buffer.from((ski.parsedValue as asn1js.OctetString).valueBlock.valueHexView).equals(keyId)
    );
  });
}

/** The value of a signed attribute, or undefined. */
export function signedAttribute(signerInfo: pkijs.SignerInfo, oid: string): unknown {
  return signerInfo.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];
}

/**
 * Whether a SignerInfo's signature holds: its messageDigest is the hash of `content` (with the
 * SignerInfo's digest algorithm), its contentType is `contentType`, and the signature over the
 * DER SET of signed attributes verifies with `certificate`'s public key.
 */
export function checkSignerInfo(
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.Certificate,
  content: Uint8Array | { digest: Uint8Array },
  contentType: string,
): boolean {
  const hash = hashName(signerInfo.digestAlgorithm.algorithmId);
  if (!hash || !signerInfo.signedAttrs) return false;
  const digest =
    content instanceof Uint8Array ? createHash(hash).update(content).digest() : content.digest;
  const messageDigest = signedAttribute(signerInfo, OID.messageDigest) as
    | asn1js.OctetString
    | undefined;
  if (!messageDigest || !Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest)) {
    return false;
  }
  const type = signedAttribute(signerInfo, OID.contentType) as asn1js.ObjectIdentifier | undefined;
  if (type?.valueBlock.toString() !== contentType) return false;
  return verifySignedAttributes(signerInfo, certificate);
}

/** Verifies the SignerInfo's signature over its signed attributes (re-encoded as a DER SET). */
export function verifySignedAttributes(
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.Certificate,
): boolean {
  const attrs = signerInfo.signedAttrs;
  if (!attrs) return false;
  // The [0] IMPLICIT encoding as received, re-tagged as SET (0x31): what was signed.
  const encoded = new Uint8Array(attrs.encodedValue);
  const body = encoded.length > 0 ? encoded : new Uint8Array(attrs.toSchema().toBER(false));
  const data = Buffer.concat([Buffer.from([0x31]), Buffer.from(body).subarray(1)]);
  return verifyWith(
    certificate,
    signerInfo.signatureAlgorithm.algorithmId,
    signerInfo.digestAlgorithm.algorithmId,
    data,
    ARRAY(signerInfo.signature.valueBlock.valueHexView),
  );
}

/** Verifies `signature` over `data` with a certificate's public key (RSA PKCS#1 v1.5 or ECDSA). */
export function verifyWith(
  certificate: pkijs.Certificate,
  signatureAlgorithm: string,
  digestAlgorithm: string,
  data: Uint8Array,
  signature: Uint8Array,
): boolean {
  const hash = hashName(signatureAlgorithm) ?? hashName(digestAlgorithm);
  if (!hash) return false;
  try {
    const key = createPublicKey({
      key: Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false)),
      format: 'der',
      type: 'spki',
    });
    return nodeVerify(hash, data, { key, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}

/** Whether `certificate` was signed by `issuer`'s key. */
export function certificateSignedBy(
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
): boolean {
  if (!certificate.issuer.isEqual(issuer.subject)) return false;
  return verifyWith(
    issuer,
    certificate.signatureAlgorithm.algorithmId,
    certificate.signatureAlgorithm.algorithmId,
    ARRAY(certificate.tbsView),
    ARRAY(certificate.signatureValue.valueBlock.valueHexView),
  );
}
