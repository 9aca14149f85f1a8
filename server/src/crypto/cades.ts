import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Signer } from './signer.ts';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** What does not change between two signatures of the same signer, parsed once. */
type SignerParts = {
  certificates: pkijs.Certificate[];
  signingCertificateV2: Uint8Array;
  sid: pkijs.IssuerAndSerialNumber;
};
const partsCache = new WeakMap<Signer, SignerParts>();

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function signerParts(signer: Signer): SignerParts {
  const cached = partsCache.get(signer);
  if (cached) return cached;
  const certificates = signer.certificateChain.map((der) =>
    pkijs.Certificate.fromBER(toArrayBuffer(der)),
  );
  const leaf = certificates[0];
  const leafDer = signer.certificateChain[0];
  if (!leaf || !leafDer) throw new Error('Signer has no certificate');
  // ESS signing-certificate-v2 (RFC 5035): binds the certificate to the signature. SHA-256 is
  // the default hash algorithm, so ESSCertIDv2 omits it.
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
  const attribute = attributeDer(
    OID.signingCertificateV2,
    new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] }),
  );
  const parts: SignerParts = {
    certificates,
    signingCertificateV2: attribute,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
  };
  partsCache.set(signer, parts);
  return parts;
}

function attributeDer(type: string, value: asn1js.AsnType): Uint8Array {
  const attribute = new asn1js.Sequence({
    value: [new asn1js.ObjectIdentifier({ value: type }), new asn1js.Set({ value: [value] })],
  });
  return new Uint8Array(attribute.toBER(false));
}

/**
 * Builds a detached CAdES signature (CMS SignedData, PAdES B-B) over a document digest.
 *
 * Signed attributes are exactly contentType, messageDigest and signing-certificate-v2 — no
 * signing-time: PAdES puts the claimed time in the signature dictionary's /M.
 *
 * @param digest SHA-256 of the bytes the PDF /ByteRange covers.
 * @returns DER-encoded ContentInfo.
 */
export async function createCadesSignature(
  signer: Signer,
  digest: Uint8Array,
): Promise<Uint8Array> {
  if (digest.length !== 32) throw new Error('Expected a SHA-256 digest');
  const parts = signerParts(signer);
  const attributes = [
    attributeDer(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attributeDer(OID.messageDigest, new asn1js.OctetString({ valueHex: toArrayBuffer(digest) })),
    parts.signingCertificateV2,
  ].sort((a, b) => Buffer.compare(a, b)); // DER: a SET OF is sorted by encoding

  // The signature covers the attributes encoded as a SET (tag 0x31); in SignerInfo they are [0].
  const setBody = Buffer.concat(attributes);
  const forSigning = Buffer.concat([derHeader(0x31, setBody.length), setBody]);
  const signatureValue = await signer.sign(forSigning);

  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: attributes.map(
      (der) => new pkijs.Attribute({ schema: asn1js.fromBER(toArrayBuffer(der)).result }),
    ),
  });
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: parts.sid,
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs,
    signatureAlgorithm:
      signer.keyType === 'RSA'
        ? new pkijs.AlgorithmIdentifier({
            algorithmId: OID.sha256WithRsa,
            algorithmParams: new asn1js.Null(),
          })
        : new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signatureValue) }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    certificates: parts.certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

function derHeader(tag: number, length: number): Buffer {
  if (length < 0x80) return Buffer.from([tag, length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
}
