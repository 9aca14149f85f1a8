import { createHash } from 'node:crypto';
import { type PDF, type PdfDict, PdfStream } from '@libpdf/core';
import type { TPadesLevel } from '@signet/shared/pki/pki.constants';
import type { TVerifiedSignature, TVerifyReport } from '@signet/shared/verify/verify.schema';
import * as pkijs from 'pkijs';
import { commonNameOf } from '../../crypto/certificates.ts';
import { fromDer, hashName, OID } from '../../crypto/der.ts';
import {
  checkSignerInfo,
  findSigner,
  readTimestampToken,
  signedAttribute,
  type TimestampToken,
} from '../../crypto/tsa/timestamp-token.ts';
import { loadPdf, parsePdfDate } from '../inspect.ts';
import { signatureValues } from '../signature-field.ts';
import { CertificatePool, describe } from './chain.ts';
import { benignRevisions, revisionEnds } from './changes.ts';
import { embeddedStatus, readEmbeddedRevocation } from './embedded-revocation.ts';

/**
 * Signet's own validator (pkijs and node:crypto, no outside service): for every signature field
 * of a PDF, whether the signed bytes are what was signed, who signed with which chain, the
 * signature time stamp, the revocation data the file carries, the PAdES level reached and
 * whether the file changed after it. Runs in a PDF worker (`pdf/pool`, job `verify`): the PDF
 * is untrusted.
 */
export type AnalyseOptions = {
  /** Roots this instance trusts (its own built-in root). */
  trustedRoots: readonly Uint8Array[];
  now?: Date;
};

type Field = {
  name: string;
  dict: PdfDict;
  byteRange: number[];
  contents: Uint8Array;
  end: number;
};

const text = (dict: PdfDict, key: string): string | null => {
  const v = dict.get(key);
  return v?.type === 'string' ? v.asString() : null;
};

function signatureFields(doc: PDF): Field[] {
  const out: Field[] = [];
  for (const { name, dict: value } of signatureValues(doc)) {
    const range = value.get('ByteRange');
    const resolved = range?.type === 'ref' ? doc.context.resolve(range) : range;
    const byteRange =
      resolved?.type === 'array'
        ? resolved.toArray().map((n) => (n.type === 'number' ? n.value : Number.NaN))
        : [];
    const contents = value.get('Contents');
    out.push({
      name,
      dict: value,
      byteRange,
      contents: contents?.type === 'string' ? contents.bytes : new Uint8Array(),
      end: (byteRange[2] ?? 0) + (byteRange[3] ?? 0),
    });
  }
  return out.sort((a, b) => a.end - b.end);
}

/** The byte range is [0 a b c] around exactly the /Contents hex string, inside the file. */
function rangeSound(bytes: Uint8Array, r: number[]): boolean {
  if (r.length !== 4 || r.some((n) => !Number.isSafeInteger(n) || n < 0)) return false;
  const [a, b, c, d] = r as [number, number, number, number];
  return a === 0 && b < c && c + d <= bytes.length && bytes[b] === 0x3c && bytes[c - 1] === 0x3e;
}

function rangeDigest(bytes: Uint8Array, r: number[], hash: string): Buffer {
  const [a, b, c, d] = r as [number, number, number, number];
  return createHash(hash)
    .update(bytes.subarray(a, a + b))
    .update(bytes.subarray(c, c + d))
    .digest();
}

function dssData(doc: PDF): { certs: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] } {
  const out = { certs: [] as Uint8Array[], ocsps: [] as Uint8Array[], crls: [] as Uint8Array[] };
  const dssObj = doc.getCatalog().get('DSS');
  const dss = dssObj?.type === 'ref' ? doc.context.resolve(dssObj) : dssObj;
  if (dss?.type !== 'dict') return out;
  const read = (key: string) => {
    const v = dss.get(key);
    const arr = v?.type === 'ref' ? doc.context.resolve(v) : v;
    if (arr?.type !== 'array') return [];
    return arr.toArray().flatMap((x) => {
      const s = x.type === 'ref' ? doc.context.resolve(x) : x;
      return s instanceof PdfStream ? [s.getDecodedData()] : [];
    });
  };
  out.certs = read('Certs');
  out.ocsps = read('OCSPs');
  out.crls = read('CRLs');
  return out;
}

type CmsCheck = {
  signer?: pkijs.Certificate;
  digestValid: boolean;
  digestAlgorithm: string | null;
  signatureValid: boolean;
  timestamp?: { token: TimestampToken; valid: boolean };
  hasSigningCertificate: boolean;
};

function checkCms(bytes: Uint8Array, field: Field, pool: CertificatePool): CmsCheck {
  const none: CmsCheck = {
    digestValid: false,
    digestAlgorithm: null,
    signatureValid: false,
    hasSigningCertificate: false,
  };
  let signedData: pkijs.SignedData;
  try {
    const info = new pkijs.ContentInfo({ schema: fromDer(field.contents) });
    if (info.contentType !== OID.signedData) return none;
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    return none;
  }
  const certs = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  for (const c of certs) pool.add(c);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return none;
  const signer = findSigner(signerInfo, pool.all);
  const hash = hashName(signerInfo.digestAlgorithm.algorithmId) ?? null;
  const sound = rangeSound(bytes, field.byteRange);
  if (!hash || !sound || !signer)
    return { ...none, ...(signer ? { signer } : {}), digestAlgorithm: hash };
  const digest = rangeDigest(bytes, field.byteRange, hash);
  const messageDigest = signedAttribute(signerInfo, OID.messageDigest) as
    | { valueBlock: { valueHexView: Uint8Array } }
    | undefined;
  const digestValid =
    !!messageDigest && Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest);
  const signatureValid = checkSignerInfo(signerInfo, signer, { digest }, OID.data);
  let timestamp: CmsCheck['timestamp'];
  const tokenAttr = signerInfo.unsignedAttrs?.attributes.find(
    (a) => a.type === OID.signatureTimeStampToken,
  );
  if (tokenAttr?.values[0]) {
    try {
      const token = readTimestampToken(
        new Uint8Array((tokenAttr.values[0] as { toBER(): ArrayBuffer }).toBER()),
      );
      for (const c of token.certificates) pool.add(c);
      const imprintHash = hashName(token.imprint.algorithm);
      const overSignature =
        !!imprintHash &&
        Buffer.from(token.imprint.digest).equals(
          createHash(imprintHash).update(signerInfo.signature.valueBlock.valueHexView).digest(),
        );
      timestamp = { token, valid: token.signatureValid && overSignature };
    } catch {
      // An unreadable token proves no time.
    }
  }
  return {
    signer,
    digestValid,
    digestAlgorithm: hash,
    signatureValid,
    ...(timestamp ? { timestamp } : {}),
    hasSigningCertificate:
      !!signedAttribute(signerInfo, OID.signingCertificateV2) ||
      !!signedAttribute(signerInfo, OID.signingCertificate),
  };
}

function checkDocumentTimestamp(bytes: Uint8Array, field: Field, pool: CertificatePool): CmsCheck {
  try {
    const token = readTimestampToken(field.contents);
    for (const c of token.certificates) pool.add(c);
    const hash = hashName(token.imprint.algorithm) ?? null;
    const digestValid =
      !!hash &&
      rangeSound(bytes, field.byteRange) &&
      Buffer.from(token.imprint.digest).equals(rangeDigest(bytes, field.byteRange, hash));
    return {
      ...(token.signer ? { signer: token.signer } : {}),
      digestValid,
      digestAlgorithm: hash,
      signatureValid: token.signatureValid,
      timestamp: { token, valid: token.signatureValid && digestValid },
      hasSigningCertificate: true,
    };
  } catch {
    return {
      digestValid: false,
      digestAlgorithm: null,
      signatureValid: false,
      hasSigningCertificate: false,
    };
  }
}

const HASH_LABEL: Record<string, string> = {
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

/** The report over every signature of `bytes` (throws PdfError for what is not a readable PDF). */
export async function analysePdf(
  bytes: Uint8Array,
  options: AnalyseOptions,
): Promise<TVerifyReport> {
  const doc = await loadPdf(bytes);
  const pool = new CertificatePool(options.trustedRoots);
  const fields = signatureFields(doc);
  const dss = dssData(doc);
  for (const der of dss.certs) pool.addDer(der);
  const embedded = readEmbeddedRevocation(dss.ocsps, dss.crls, pool);
  const ends = revisionEnds(bytes);
  const firstEnd = fields[0]?.end ?? bytes.length;
  const benign = fields.length ? await benignRevisions(bytes, doc, ends, firstEnd) : new Map();
  const dssAt = Buffer.from(bytes).lastIndexOf('/DSS');

  const signatures: TVerifiedSignature[] = [];
  for (const field of fields) {
    const subFilter = nameOf(field.dict, 'SubFilter');
    const isDocTimestamp =
      nameOf(field.dict, 'Type') === 'DocTimeStamp' || subFilter === 'ETSI.RFC3161';
    const check = isDocTimestamp
      ? checkDocumentTimestamp(bytes, field, pool)
      : checkCms(bytes, field, pool);
    const chain = check.signer
      ? pool.chain(check.signer)
      : { certificates: [], status: 'incomplete' as const };
    const issuer = chain.certificates[1];
    const revocation = check.signer ? embeddedStatus(check.signer, issuer, embedded, pool) : 'none';
    const valid = check.digestValid && check.signatureValid;
    const covers = field.end === bytes.length;
    // Later revisions: benign ones only, or something else.
    const later = ends.filter((e) => e > field.end);
    const changes =
      covers || later.length === 0
        ? 'none'
        : later.every((e) => benign.get(e) !== false)
          ? 'signatures-only'
          : 'other';
    const laterStamp = fields.some(
      (f) =>
        f.end > field.end &&
        (nameOf(f.dict, 'Type') === 'DocTimeStamp' ||
          nameOf(f.dict, 'SubFilter') === 'ETSI.RFC3161'),
    );
    const dssAfter = dssAt > field.end;
    const dssCovered = fields.some(
      (f) =>
        f.end > dssAt &&
        dssAt > field.end &&
        (nameOf(f.dict, 'Type') === 'DocTimeStamp' ||
          nameOf(f.dict, 'SubFilter') === 'ETSI.RFC3161'),
    );
    let level: TPadesLevel | null = null;
    if (
      !isDocTimestamp &&
      subFilter === 'ETSI.CAdES.detached' &&
      check.hasSigningCertificate &&
      valid
    ) {
      level = 'B-B';
      if (check.timestamp?.valid || laterStamp) level = 'B-T';
      if (level === 'B-T' && dssAfter && revocation !== 'none') level = 'B-LT';
      if (level === 'B-LT' && dssCovered) level = 'B-LTA';
    }
    const m = text(field.dict, 'M');
    const claimed = m ? parsePdfDate(m) : undefined;
    const tsaName = check.timestamp?.token.signer
      ? commonNameOf(check.timestamp.token.signer.subject)
      : undefined;
    signatures.push({
      field: field.name,
      kind: isDocTimestamp ? 'document-timestamp' : 'signature',
      sub_filter: subFilter ?? null,
      signer: check.signer ? (commonNameOf(check.signer.subject) ?? null) : null,
      claimed_name: text(field.dict, 'Name'),
      reason: text(field.dict, 'Reason'),
      claimed_time: claimed ? claimed.toISOString() : null,
      digest_valid: check.digestValid,
      digest_algorithm: check.digestAlgorithm
        ? (HASH_LABEL[check.digestAlgorithm] ?? check.digestAlgorithm)
        : null,
      signature_valid: check.signatureValid,
      valid,
      certificates: chain.certificates.map(describe),
      chain: chain.status,
      timestamp: check.timestamp
        ? {
            time: check.timestamp.token.genTime.toISOString(),
            valid: check.timestamp.valid,
            authority: tsaName ?? null,
          }
        : null,
      revocation: { status: revocation, source: revocation === 'none' ? 'none' : 'embedded' },
      level,
      covers_whole_document: covers,
      changes_after: changes,
      byte_range: field.byteRange,
    });
  }
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    pages: doc.getPageCount(),
    signatures,
    // Every signature holds, its chain is whole (a changed certificate breaks it) and nothing but
    // signatures and time stamps came after any of them.
    intact:
      signatures.length > 0 &&
      signatures.every((s) => s.valid && s.chain !== 'incomplete' && s.changes_after !== 'other'),
    verified_at: (options.now ?? new Date()).toISOString(),
  };
}

function nameOf(dict: PdfDict, key: string): string | undefined {
  const v = dict.get(key);
  return v?.type === 'name' ? v.value : undefined;
}
