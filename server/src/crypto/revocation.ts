import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { keyIdentifier } from './certificates.ts';
import { der, generalizedTimeDer, integerDer, OID, oidDer, tlv, toArrayBuffer } from './der.ts';
import { certificateFields, children, nameCommonName, readTlv, type Tlv } from './der-walk.ts';
import type { Signer } from './signer.ts';

/**
 * Revocation data of the built-in CA, in the shapes validators read: OCSP responses (RFC 6960,
 * signed by the delegated responder) and the root's CRL (RFC 5280 v2, signed by the root).
 * Encoded by hand like the CMS: the structures are small and fixed.
 */

export type CertStatus =
  | { status: 'good' }
  | { status: 'revoked'; revokedAt: Date; reason?: number }
  | { status: 'unknown' };

const NULL = Uint8Array.of(0x05, 0x00);
const algorithm = (oid: string, params = true) =>
  params ? tlv(0x30, oidDer(oid), NULL) : tlv(0x30, oidDer(oid));

/** What an issuer contributes to CertIDs and CRLs, derived once per certificate. */
type IssuerFacts = {
  subject: Uint8Array;
  /** SHA-1 of the subjectPublicKey bits (key identifier and OCSP byKey). */
  keyId: Uint8Array;
  subjectPublicKey: Uint8Array;
  /** The start of a CertID for a certificate it issued (made on first use, see certId). */
  certIdIssuer?: Uint8Array[];
};
const issuerCache = new WeakMap<Uint8Array, IssuerFacts>();

function issuerFacts(certificate: Uint8Array): IssuerFacts {
  let facts = issuerCache.get(certificate);
  if (!facts) {
    const parsed = pkijs.Certificate.fromBER(toArrayBuffer(certificate));
    facts = {
      subject: der(parsed.subject.toSchema()),
      keyId: new Uint8Array(keyIdentifier(parsed.subjectPublicKeyInfo)),
      subjectPublicKey: new Uint8Array(
        parsed.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
      ),
    };
    issuerCache.set(certificate, facts);
  }
  return facts;
}

const hexOf = (view: Uint8Array | ArrayBuffer) =>
  Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view))
    .toString('hex')
    .replace(/^(00)+(?=.)/, '');

/** The serial number (lowercase hex, no leading zero byte) of a DER certificate. */
export function certificateSerial(certificate: Uint8Array): string {
  return hexOf(certificateFields(certificate).serial);
}

/** What the registry keeps about a certificate (read with the DER walker: one per QES signature). */
export function describeCertificate(certificate: Uint8Array): {
  serialHex: string;
  subject: string;
  notAfter: Date;
} {
  const fields = certificateFields(certificate);
  return {
    serialHex: hexOf(fields.serial),
    subject: nameCommonName(fields.subject) ?? '',
    notAfter: fields.notAfter,
  };
}

/** Whether `certificate` names `issuer`'s subject as its issuer (not a signature check). */
export function issuedBy(certificate: Uint8Array, issuer: Uint8Array): boolean {
  // The issuer's name as the certificate encodes it, read with the DER walker (a completing
  // signature asks this of every certificate in the document; no object model per call).
  return Buffer.from(certificateFields(certificate).issuer).equals(
    Buffer.from(issuerFacts(issuer).subject),
  );
}

/** A CertID (SHA-1, as most clients ask) for a certificate issued by `issuer`. */
export function certId(serialHex: string, issuer: Uint8Array): Uint8Array {
  const facts = issuerFacts(issuer);
  // The issuer's part (hash algorithm, name and key hashes) is the same for every certificate
  // it issued: made once per issuer (a seal asks for one per certificate in the document).
  facts.certIdIssuer ??= [
    algorithm(OID.sha1),
    tlv(0x04, createHash('sha1').update(facts.subject).digest()),
    tlv(0x04, createHash('sha1').update(facts.subjectPublicKey).digest()),
  ];
  return tlv(
    0x30,
    ...facts.certIdIssuer,
    integerDer(Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex')),
  );
}

/** A CertID as read from a request: its DER, its serial, and whether it names `issuer`. */
export type RequestedCertId = { der: Uint8Array; serialHex: string; forIssuer: boolean };

function readCertId(bytes: Uint8Array, node: Tlv, issuer: Uint8Array): RequestedCertId {
  const [alg, nameHash, keyHash, serial] = children(bytes, node);
  if (!alg || !nameHash || !keyHash || !serial) throw new Error('Malformed CertID');
  const [algOid] = children(bytes, alg);
  const hash = algOid
    ? HASH_BY_OID.get(Buffer.from(bytes.subarray(algOid.start, algOid.end)).toString('hex'))
    : undefined;
  const facts = issuerFacts(issuer);
  const value = (t: Tlv) => Buffer.from(bytes.subarray(t.contentStart, t.end));
  const forIssuer =
    !!hash &&
    value(nameHash).equals(createHash(hash).update(facts.subject).digest()) &&
    value(keyHash).equals(createHash(hash).update(facts.subjectPublicKey).digest());
  return {
    der: bytes.subarray(node.start, node.end),
    serialHex: hexOf(value(serial)),
    forIssuer,
  };
}

const HASH_BY_OID = new Map(
  (
    [
      [OID.sha1, 'sha1'],
      [OID.sha256, 'sha256'],
      [OID.sha384, 'sha384'],
      [OID.sha512, 'sha512'],
    ] as const
  ).map(([oid, name]) => [Buffer.from(oidDer(oid)).toString('hex'), name]),
);

/** The CertIDs and the nonce of a DER OCSPRequest; throws on a malformed one. */
export function parseOcspRequest(
  bytes: Uint8Array,
  issuer: Uint8Array,
): { certIds: RequestedCertId[]; nonce?: Uint8Array } {
  const request = readTlv(bytes, 0);
  if (request.end !== bytes.length) throw new Error('Trailing bytes after the OCSP request');
  const [tbs] = children(bytes, request);
  if (!tbs) throw new Error('Malformed OCSP request');
  const parts = children(bytes, tbs);
  const list = parts.find((p) => p.tag === 0x30);
  if (!list) throw new Error('Malformed OCSP request');
  const certIds = children(bytes, list).map((single) => {
    const [id] = children(bytes, single);
    if (!id) throw new Error('Malformed OCSP request');
    return readCertId(bytes, id, issuer);
  });
  if (certIds.length === 0 || certIds.length > 20)
    throw new Error('Asks for no or too many certificates');
  let nonce: Uint8Array | undefined;
  const extensions = parts.find((p) => p.tag === 0xa2);
  if (extensions) {
    const [seq] = children(bytes, extensions);
    for (const ext of seq ? children(bytes, seq) : []) {
      const [id, value] = children(bytes, ext);
      if (
        id &&
        value &&
        Buffer.from(bytes.subarray(id.start, id.end)).equals(Buffer.from(oidDer(OID.ocspNonce)))
      ) {
        nonce = bytes.subarray(value.contentStart, value.end);
      }
    }
  }
  return { certIds, ...(nonce && nonce.length <= 64 ? { nonce } : {}) };
}

function statusDer(status: CertStatus): Uint8Array {
  if (status.status === 'good') return Uint8Array.of(0x80, 0x00);
  if (status.status === 'unknown') return Uint8Array.of(0x82, 0x00);
  return tlv(
    0xa1,
    generalizedTimeDer(status.revokedAt),
    ...(status.reason !== undefined ? [tlv(0xa0, tlv(0x0a, Uint8Array.of(status.reason)))] : []),
  );
}

export type OcspEntry = { certId: Uint8Array; status: CertStatus };

/**
 * A successful OCSPResponse (basic) from the delegated responder: one SingleResponse per entry,
 * valid from `now` for `validForMs`, the nonce echoed when there was one.
 */
export async function buildOcspResponse(
  responder: Signer,
  entries: readonly OcspEntry[],
  now: Date,
  options: { nonce?: Uint8Array; validForMs?: number } = {},
): Promise<Uint8Array> {
  const responderCert = responder.certificateChain[0];
  if (!responderCert) throw new Error('The OCSP responder has no certificate');
  const nextUpdate = new Date(now.getTime() + (options.validForMs ?? 24 * 3600_000));
  const responses = entries.map((e) =>
    tlv(
      0x30,
      e.certId,
      statusDer(e.status),
      generalizedTimeDer(now),
      tlv(0xa0, generalizedTimeDer(nextUpdate)),
    ),
  );
  const tbs = tlv(
    0x30,
    tlv(0xa2, tlv(0x04, issuerFacts(responderCert).keyId)),
    generalizedTimeDer(now),
    tlv(0x30, ...responses),
    ...(options.nonce
      ? [tlv(0xa1, tlv(0x30, tlv(0x30, oidDer(OID.ocspNonce), tlv(0x04, options.nonce))))]
      : []),
  );
  const signature = await responder.sign(tbs);
  const sigAlg =
    responder.keyType === 'RSA'
      ? algorithm(OID.sha256WithRsa)
      : algorithm(OID.ecdsaWithSha256, false);
  const basic = tlv(
    0x30,
    tbs,
    sigAlg,
    tlv(0x03, Uint8Array.of(0), signature),
    tlv(0xa0, tlv(0x30, responderCert)),
  );
  return ocspResponse(0, tlv(0x30, oidDer(OID.ocspBasic), tlv(0x04, basic)));
}

/** An OCSPResponse with only a status (1 malformedRequest, 2 internalError, 6 unauthorized). */
export function ocspError(status: 1 | 2 | 6): Uint8Array {
  return ocspResponse(status);
}

function ocspResponse(status: number, responseBytes?: Uint8Array): Uint8Array {
  return tlv(
    0x30,
    tlv(0x0a, Uint8Array.of(status)),
    ...(responseBytes ? [tlv(0xa0, responseBytes)] : []),
  );
}

/** UTCTime (YYMMDDHHMMSSZ) for dates before 2050, GeneralizedTime after (RFC 5280 4.1.2.5). */
function timeDer(date: Date): Uint8Array {
  if (date.getUTCFullYear() >= 2050) return generalizedTimeDer(date);
  const text = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:T]/g, '')
    .slice(2);
  return tlv(0x17, Buffer.from(text, 'latin1'));
}

export type RevokedEntry = { serialHex: string; revokedAt: Date; reason?: number };

/** The issuer's CRL (v2) with a CRL number and authority key identifier. */
export async function buildCrl(
  issuer: Signer,
  revoked: readonly RevokedEntry[],
  options: { thisUpdate: Date; nextUpdate: Date; number: bigint },
): Promise<Uint8Array> {
  const issuerCert = issuer.certificateChain[0];
  if (!issuerCert) throw new Error('The CRL issuer has no certificate');
  const facts = issuerFacts(issuerCert);
  const sigAlg =
    issuer.keyType === 'RSA' ? algorithm(OID.sha256WithRsa) : algorithm(OID.ecdsaWithSha256, false);
  const numberHex = options.number.toString(16);
  const entries = revoked.map((r) =>
    tlv(
      0x30,
      integerDer(Buffer.from(r.serialHex.length % 2 ? `0${r.serialHex}` : r.serialHex, 'hex')),
      timeDer(r.revokedAt),
      ...(r.reason !== undefined
        ? [tlv(0x30, tlv(0x30, oidDer('2.5.29.21'), tlv(0x04, tlv(0x0a, Uint8Array.of(r.reason)))))]
        : []),
    ),
  );
  const extensions = tlv(
    0xa0,
    tlv(
      0x30,
      tlv(0x30, oidDer(OID.authorityKeyIdentifier), tlv(0x04, tlv(0x30, tlv(0x80, facts.keyId)))),
      tlv(
        0x30,
        oidDer(OID.crlNumber),
        tlv(
          0x04,
          integerDer(Buffer.from(numberHex.length % 2 ? `0${numberHex}` : numberHex, 'hex')),
        ),
      ),
    ),
  );
  const tbs = tlv(
    0x30,
    integerDer(Uint8Array.of(1)),
    sigAlg,
    facts.subject,
    timeDer(options.thisUpdate),
    timeDer(options.nextUpdate),
    ...(entries.length > 0 ? [tlv(0x30, ...entries)] : []),
    extensions,
  );
  const signature = await issuer.sign(tbs);
  return tlv(0x30, tbs, sigAlg, tlv(0x03, Uint8Array.of(0), signature));
}
