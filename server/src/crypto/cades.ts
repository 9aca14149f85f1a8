import { createHash } from 'node:crypto';
import { OID, oidDer, tlv } from './der.ts';
import { signData, signedDataMaxBytes, unsignedAttributeGrowth } from './signed-data.ts';
import type { Signer } from './signer.ts';
import type { TimestampAuthority } from './tsa/timestamp-authority.ts';

/**
 * Builds a detached CAdES signature (CMS SignedData) over a document digest: PAdES B-B, and
 * B-T when a time-stamping authority is given.
 *
 * Signed attributes are exactly contentType, messageDigest and signing-certificate-v2 — no
 * signing-time: PAdES puts the claimed time in the signature dictionary's /M. With `tsa`, the
 * SignerInfo gets the unsigned attribute signature-time-stamp (id-aa-signatureTimeStampToken)
 * over the SHA-256 of its signature value.
 *
 * @param digest SHA-256 of the bytes the PDF /ByteRange covers.
 * @returns DER-encoded ContentInfo.
 */
export async function createCadesSignature(
  signer: Signer,
  digest: Uint8Array,
  tsa?: TimestampAuthority,
): Promise<Uint8Array> {
  const signed = await signData({ signer, eContentType: OID.data, digest });
  if (!tsa) return signed.encode();
  const token = await tsa.timestamp(createHash('sha256').update(signed.signatureValue).digest());
  return signed.encode([tlv(0x30, oidDer(OID.signatureTimeStampToken), tlv(0x31, token))]);
}

const baseSizes = new WeakMap<Signer, number>();

/**
 * The most bytes {@link createCadesSignature} can produce for this signer and TSA: the CMS with
 * the longest possible signature value, plus the TSA's largest token as an unsigned attribute.
 * What a PDF signature reserves for /Contents: no more (growth per signature stays small), and
 * never less (a signature that does not fit would have to be made again).
 */
export async function cadesMaxBytes(signer: Signer, tsa?: TimestampAuthority): Promise<number> {
  let base = baseSizes.get(signer);
  if (base === undefined) {
    base = signedDataMaxBytes(signer);
    baseSizes.set(signer, base);
  }
  if (!tsa) return base;
  return base + unsignedAttributeGrowth(OID.signatureTimeStampToken, await tsa.maxTokenBytes());
}
