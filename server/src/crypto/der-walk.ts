import { OID, oidDer } from './der.ts';

/**
 * A minimal DER reader for the few paths Signet follows often (the certificates of a CMS
 * signature and of its time-stamp token): faster than building an object model, and it never
 * allocates the values it skips.
 */

export type Tlv = { tag: number; start: number; contentStart: number; end: number };

/** The value at `offset`; throws on a length that runs past `limit`. */
export function readTlv(bytes: Uint8Array, offset: number, limit = bytes.length): Tlv {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  if (tag === undefined || length === undefined) throw new Error('DER value cut short');
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('Unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[contentStart + i] ?? 0);
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new Error('DER value runs past its container');
  return { tag, start: offset, contentStart, end };
}

/** The values inside a constructed value. */
export function children(bytes: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.contentStart; at < parent.end; ) {
    const child = readTlv(bytes, at, parent.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

const SIGNATURE_TIME_STAMP = Buffer.from(oidDer(OID.signatureTimeStampToken));

/**
 * The DER certificates of a CMS ContentInfo (zero padding after it is ignored), then those of
 * the signature time-stamp tokens in its unsigned attributes.
 */
export function cmsCertificates(cms: Uint8Array): Uint8Array[] {
  const contentInfo = readTlv(cms, 0);
  const [, explicit] = children(cms, contentInfo);
  if (!explicit) return [];
  const [signedData] = children(cms, explicit);
  if (!signedData) return [];
  const out: Uint8Array[] = [];
  const parts = children(cms, signedData);
  for (const part of parts) {
    if (part.tag === 0xa0) {
      for (const cert of children(cms, part)) out.push(cms.subarray(cert.start, cert.end));
    }
  }
  const signerInfos = parts.at(-1);
  if (signerInfos?.tag !== 0x31) return out;
  for (const signerInfo of children(cms, signerInfos)) {
    const unsigned = children(cms, signerInfo).find((c) => c.tag === 0xa1);
    if (!unsigned) continue;
    for (const attribute of children(cms, unsigned)) {
      const [type, values] = children(cms, attribute);
      if (!type || !values) continue;
      if (!Buffer.from(cms.subarray(type.start, type.end)).equals(SIGNATURE_TIME_STAMP)) continue;
      for (const token of children(cms, values)) {
        out.push(...cmsCertificates(cms.subarray(token.start, token.end)));
      }
    }
  }
  return out;
}

/** The genTime of a time-stamp token (its TSTInfo's fifth field), read without an object model. */
export function timestampTokenTime(token: Uint8Array): Date {
  const [, explicit] = children(token, readTlv(token, 0));
  const signedData = explicit && children(token, explicit)[0];
  const encap = signedData && children(token, signedData)[2];
  const wrapper = encap && children(token, encap)[1];
  const octets = wrapper && children(token, wrapper)[0];
  const tstInfo = octets && readTlv(token, octets.contentStart, octets.end);
  const genTime = tstInfo && children(token, tstInfo)[4];
  if (genTime?.tag !== 0x18) throw new Error('Not a time-stamp token');
  const text = Buffer.from(token.subarray(genTime.contentStart, genTime.end)).toString('latin1');
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(text);
  if (!m) throw new Error('Unreadable genTime');
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`);
}

/** The signature value and the signature time-stamp tokens of a CMS signature's first SignerInfo. */
export function signerInfoParts(cms: Uint8Array): {
  signatureValue: Uint8Array;
  timestampTokens: Uint8Array[];
} {
  const [, explicit] = children(cms, readTlv(cms, 0));
  const signedData = explicit && children(cms, explicit)[0];
  const signerInfos = signedData && children(cms, signedData).at(-1);
  const signerInfo = signerInfos && children(cms, signerInfos)[0];
  if (!signerInfo) throw new Error('No SignerInfo');
  const parts = children(cms, signerInfo);
  const value = parts.find((p) => p.tag === 0x04);
  if (!value) throw new Error('No signature value');
  const timestampTokens: Uint8Array[] = [];
  const unsigned = parts.find((p) => p.tag === 0xa1);
  for (const attribute of unsigned ? children(cms, unsigned) : []) {
    const [type, values] = children(cms, attribute);
    if (!type || !values) continue;
    if (!Buffer.from(cms.subarray(type.start, type.end)).equals(SIGNATURE_TIME_STAMP)) continue;
    for (const token of children(cms, values))
      timestampTokens.push(cms.subarray(token.start, token.end));
  }
  return { signatureValue: cms.subarray(value.contentStart, value.end), timestampTokens };
}

/** The parts of a DER X.509 certificate Signet reads often, as views into it. */
export type CertificateFields = {
  /** The serial number's content octets (big-endian, as encoded). */
  serial: Uint8Array;
  /** The serial number as a DER INTEGER. */
  serialDer: Uint8Array;
  /** The issuer's Name, DER. */
  issuer: Uint8Array;
  /** The subject's Name, DER. */
  subject: Uint8Array;
  notAfter: Date;
  /** The subjectPublicKey BIT STRING's key bytes (without the unused-bits octet). */
  publicKey: Uint8Array;
};

/**
 * Serial number, issuer, subject, expiry and public key of a certificate, read with the DER
 * walker: signing with a certificate just issued (AES, QES) and registering it ask this of every
 * one, so no object model (pkijs takes ≈ 5 ms to parse one).
 */
export function certificateFields(certificate: Uint8Array): CertificateFields {
  const [tbs] = children(certificate, readTlv(certificate, 0));
  if (!tbs) throw new Error('Not a certificate');
  const parts = children(certificate, tbs);
  const at = parts[0]?.tag === 0xa0 ? 1 : 0; // [0] version, present in v3
  const [serial, , issuer, validity, subject, spki] = parts.slice(at);
  if (!serial || !issuer || !validity || !subject || !spki) throw new Error('Not a certificate');
  const notAfter = children(certificate, validity)[1];
  const bits = children(certificate, spki)[1];
  if (!notAfter || bits?.tag !== 0x03) throw new Error('Not a certificate');
  return {
    serial: certificate.subarray(serial.contentStart, serial.end),
    serialDer: certificate.subarray(serial.start, serial.end),
    issuer: certificate.subarray(issuer.start, issuer.end),
    subject: certificate.subarray(subject.start, subject.end),
    notAfter: derTime(certificate, notAfter),
    publicKey: certificate.subarray(bits.contentStart + 1, bits.end),
  };
}

/** A UTCTime (RFC 5280: years 1950–2049) or GeneralizedTime, in UTC. */
function derTime(bytes: Uint8Array, value: Tlv): Date {
  const text = Buffer.from(bytes.subarray(value.contentStart, value.end)).toString('latin1');
  const full = value.tag === 0x17 ? `${Number(text.slice(0, 2)) < 50 ? '20' : '19'}${text}` : text;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(full);
  if (!m || (value.tag !== 0x17 && value.tag !== 0x18)) throw new Error('Unreadable time');
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`);
}

const COMMON_NAME = Buffer.from(oidDer(OID.commonName));
const ORGANIZATION = Buffer.from(oidDer(OID.organization));

/** The common name (else the organisation) of a DER Name, read with the walker. */
export function nameCommonName(name: Uint8Array): string | undefined {
  const values = new Map<string, string>();
  for (const rdn of children(name, readTlv(name, 0))) {
    for (const attribute of children(name, rdn)) {
      const [type, value] = children(name, attribute);
      if (!type || !value) continue;
      const oid = Buffer.from(name.subarray(type.start, type.end));
      const key = oid.equals(COMMON_NAME) ? 'cn' : oid.equals(ORGANIZATION) ? 'o' : null;
      if (key && !values.has(key)) values.set(key, stringValue(name, value));
    }
  }
  return values.get('cn') ?? values.get('o');
}

/** A directory string: UTF8String, PrintableString, IA5String, T61String (as Latin-1) or BMPString. */
function stringValue(bytes: Uint8Array, value: Tlv): string {
  const content = Buffer.from(bytes.subarray(value.contentStart, value.end));
  if (value.tag === 0x0c) return content.toString('utf8');
  if (value.tag === 0x1e) return content.swap16().toString('utf16le');
  return content.toString('latin1');
}
