import { createHash } from 'node:crypto';
import type { TRevocationStatus } from '@signet/shared/verify/verify.constants';
import * as pkijs from 'pkijs';
import { hashName, OID, toArrayBuffer } from '../../crypto/der.ts';
import { verifyWith } from '../../crypto/tsa/timestamp-token.ts';
import type { CertificatePool } from './chain.ts';

/**
 * Revocation data a file carries (its DSS: OCSP responses and CRLs), read for one certificate:
 * only data whose signature holds — by the issuer itself, or by a responder the issuer
 * certified for OCSP signing — counts.
 */
export type EmbeddedRevocation = {
  ocsps: pkijs.BasicOCSPResponse[];
  crls: pkijs.CertificateRevocationList[];
};

export function readEmbeddedRevocation(
  ocspDers: readonly Uint8Array[],
  crlDers: readonly Uint8Array[],
  pool: CertificatePool,
): EmbeddedRevocation {
  const ocsps: pkijs.BasicOCSPResponse[] = [];
  for (const der of ocspDers) {
    try {
      const response = pkijs.OCSPResponse.fromBER(toArrayBuffer(der));
      const bytes = response.responseBytes;
      if (!bytes || bytes.responseType !== OID.ocspBasic) continue;
      const basic = pkijs.BasicOCSPResponse.fromBER(bytes.response.valueBlock.valueHexView);
      for (const c of basic.certs ?? []) pool.add(c);
      ocsps.push(basic);
    } catch {
      // Unreadable data vouches for nothing.
    }
  }
  const crls: pkijs.CertificateRevocationList[] = [];
  for (const der of crlDers) {
    try {
      crls.push(pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der)));
    } catch {
      // idem
    }
  }
  return { ocsps, crls };
}

const bytesOf = (v: { valueBlock: { valueHexView: Uint8Array } }) =>
  Buffer.from(v.valueBlock.valueHexView);

function ocspSignedBy(
  basic: pkijs.BasicOCSPResponse,
  issuer: pkijs.Certificate,
  pool: CertificatePool,
): boolean {
  const data = new Uint8Array(basic.tbsResponseData.tbsView);
  const sig = new Uint8Array(basic.signature.valueBlock.valueHexView);
  const alg = basic.signatureAlgorithm.algorithmId;
  if (verifyWith(issuer, alg, alg, data, sig)) return true;
  // A delegated responder: certified by the issuer for OCSP signing.
  return pool.all.some(
    (responder) =>
      responder.issuer.isEqual(issuer.subject) &&
      responder.extensions?.some(
        (e) =>
          e.extnID === OID.extKeyUsage &&
          (e.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes.includes(OID.kpOcspSigning),
      ) === true &&
      verifyWith(responder, alg, alg, data, sig) &&
      verifyWith(
        issuer,
        responder.signatureAlgorithm.algorithmId,
        responder.signatureAlgorithm.algorithmId,
        new Uint8Array(responder.tbsView),
        new Uint8Array(responder.signatureValue.valueBlock.valueHexView),
      ),
  );
}

/** What the embedded data says about `cert` (issued by `issuer`): OCSP first, then CRLs. */
export function embeddedStatus(
  cert: pkijs.Certificate,
  issuer: pkijs.Certificate | undefined,
  data: EmbeddedRevocation,
  pool: CertificatePool,
): TRevocationStatus {
  if (!issuer) return 'none';
  const serial = bytesOf(cert.serialNumber);
  let answer: TRevocationStatus = 'none';
  for (const basic of data.ocsps) {
    for (const single of basic.tbsResponseData.responses) {
      if (!bytesOf(single.certID.serialNumber).equals(serial)) continue;
      const hash = hashName(single.certID.hashAlgorithm.algorithmId);
      if (!hash) continue;
      const nameHash = createHash(hash)
        .update(Buffer.from(issuer.subject.toSchema().toBER(false)))
        .digest();
      const keyHash = createHash(hash)
        .update(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
        .digest();
      if (!bytesOf(single.certID.issuerNameHash).equals(nameHash)) continue;
      if (!bytesOf(single.certID.issuerKeyHash).equals(keyHash)) continue;
      if (!ocspSignedBy(basic, issuer, pool)) continue;
      const tag = (single.certStatus as { idBlock?: { tagNumber?: number } }).idBlock?.tagNumber;
      if (tag === 1) return 'revoked';
      answer = tag === 0 ? 'good' : answer === 'none' ? 'unknown' : answer;
    }
  }
  if (answer !== 'none') return answer;
  for (const crl of data.crls) {
    if (!crl.issuer.isEqual(issuer.subject)) continue;
    const alg = crl.signatureAlgorithm.algorithmId;
    if (
      !verifyWith(
        issuer,
        alg,
        alg,
        new Uint8Array(crl.tbsView),
        new Uint8Array(crl.signatureValue.valueBlock.valueHexView),
      )
    ) {
      continue;
    }
    if ((crl.revokedCertificates ?? []).some((r) => bytesOf(r.userCertificate).equals(serial))) {
      return 'revoked';
    }
    answer = 'good';
  }
  return answer;
}
