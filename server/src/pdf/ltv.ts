import { createHash } from 'node:crypto';
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  type PdfObject,
  type PdfRef,
  PdfStream,
} from '@libpdf/core';
import { cmsCertificates } from '../crypto/der-walk.ts';
import type { TimestampAuthority } from '../crypto/tsa/timestamp-authority.ts';
import { deflateNewStreams } from './deflate.ts';
import { keepInStep, type PdfVersion, saveAppended } from './in-step.ts';
import { loadPdf } from './inspect.ts';
import { placeholders, saveSigned, withReservation } from './placeholder.ts';
import { addSignatureField, signatureValues } from './signature-field.ts';

/**
 * Long-term evidence for a finished document (PAdES B-LT and B-LTA), each as its own incremental
 * update after the last signature, so every earlier signature stays valid:
 * 1. a Document Security Store (/DSS) with the certificates of every signature and signature
 *    time stamp, and revocation data (OCSP responses, CRLs) for them;
 * 2. a document time stamp (/Type /DocTimeStamp, ETSI.RFC3161) over the whole file, DSS included.
 */

export type ValidationData = {
  certificates: readonly Uint8Array[];
  ocspResponses: readonly Uint8Array[];
  crls: readonly Uint8Array[];
};

/** Gives the revocation data (and any further certificates) for the certificates found. */
export type ValidationDataSource = (certificates: readonly Uint8Array[]) => Promise<ValidationData>;

/** The DER CMS of every signature and document time stamp in the file, in field order. */
export function signatureContents(doc: PDF): Uint8Array[] {
  return signatureValues(doc).flatMap(({ dict }) => {
    const contents = dict.get('Contents');
    return contents?.type === 'string' ? [contents.bytes] : [];
  });
}

/** Every distinct certificate the signatures (and their time stamps) carry. */
export function signatureCertificates(doc: PDF): Uint8Array[] {
  const seen = new Map<string, Uint8Array>();
  for (const cms of signatureContents(doc)) {
    try {
      for (const cert of cmsCertificates(cms)) {
        const key = createHash('sha256').update(cert).digest('hex');
        if (!seen.has(key)) seen.set(key, cert);
      }
    } catch {
      // A signature we cannot read contributes nothing; validators will say so about it.
    }
  }
  return [...seen.values()];
}

/** DSS entries shorter than this stay uncompressed (libpdf's own default threshold). */
const DSS_DEFLATE_THRESHOLD = 512;

/**
 * Appends (or extends) the /DSS of the catalog; returns the new file and its document in step
 * (`parsed`: the document parsed from `pdf` or kept in step with it; it is used and advanced).
 */
export async function addValidationData(
  pdf: Uint8Array,
  source: ValidationDataSource,
  parsed?: PDF,
): Promise<PdfVersion> {
  // The files sealed are ones Signet just signed (see loadPdf's `stored`).
  const doc = parsed ?? (await loadPdf(pdf, { stored: true }));
  const data = await source(signatureCertificates(doc));
  const catalog = doc.getCatalog();
  const resolve = (o: PdfObject | undefined) =>
    o?.type === 'ref' ? (doc.context.resolve(o) ?? undefined) : o;
  const existing = resolve(catalog.get('DSS'));
  // A new DSS object that keeps what an earlier one held (a document sealed before).
  const dss = PdfDict.of({ Type: PdfName.of('DSS') });
  const vri = existing?.type === 'dict' ? existing.get('VRI') : undefined;
  if (vri) dss.set('VRI', vri);
  const append = (key: 'Certs' | 'OCSPs' | 'CRLs', items: readonly Uint8Array[]) => {
    const current = existing?.type === 'dict' ? resolve(existing.get(key)) : undefined;
    const refs: PdfRef[] = [];
    if (current?.type === 'array') {
      for (const item of current.toArray()) if (item.type === 'ref') refs.push(item);
    }
    for (const item of items) refs.push(doc.register(PdfStream.fromDict({}, item)));
    if (refs.length > 0) dss.set(key, PdfArray.of(...refs));
  };
  append('Certs', data.certificates);
  append('OCSPs', data.ocspResponses);
  append('CRLs', data.crls);
  catalog.set('DSS', doc.register(dss));
  deflateNewStreams(doc, { threshold: DSS_DEFLATE_THRESHOLD });
  const { bytes, appended, prefix } = await saveAppended(doc, pdf);
  // The prefix's state only for a pure append (libpdf falls back to a full save when it must).
  const hash =
    appended && prefix !== null
      ? prefix.update(bytes.subarray(pdf.length))
      : createHash('sha256').update(bytes);
  keepInStep(doc, bytes, hash.copy());
  return { bytes, sha256: hash.digest('hex'), doc };
}

/**
 * Appends a document time stamp (PAdES B-LTA) over the whole file (`parsed`: as for
 * addValidationData).
 */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  tsa: TimestampAuthority,
  parsed?: PDF,
): Promise<PdfVersion> {
  return withReservation(await tsa.maxTokenBytes(), async (reserved, retry) => {
    const doc = (!retry && parsed) || (await loadPdf(pdf, { stored: true }));
    const held = placeholders(reserved);
    const value = doc.register(
      PdfDict.of({
        Type: PdfName.of('DocTimeStamp'),
        Filter: PdfName.of('Adobe.PPKLite'),
        SubFilter: PdfName.of('ETSI.RFC3161'),
        ...held,
      }),
    );
    addSignatureField(doc, { value, field: null, prefix: 'DocumentTimeStamp' });
    return saveSigned(doc, pdf, held, (digest) => tsa.timestamp(digest));
  });
}

/**
 * DSS, then a document time stamp: the document's B-LTA seal. `parsed`: the document of `pdf`
 * in step with it (signPdf's answer), so the file is not parsed again for either update.
 */
export async function sealDocument(
  pdf: Uint8Array,
  source: ValidationDataSource,
  tsa: TimestampAuthority,
  parsed?: PDF,
): Promise<PdfVersion> {
  const withDss = await addValidationData(pdf, source, parsed);
  return addDocumentTimestamp(withDss.bytes, tsa, withDss.doc);
}
