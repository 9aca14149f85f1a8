import { type PDF, PdfDict, PdfName, PdfString } from '@libpdf/core';
import { cadesMaxBytes, createCadesSignature } from '../crypto/cades.ts';
import type { Signer } from '../crypto/signer.ts';
import type { TimestampAuthority } from '../crypto/tsa/timestamp-authority.ts';
import { appendBlankPages } from './append-pages.ts';
import { deflateNewStreams } from './deflate.ts';
import type { PdfVersion } from './in-step.ts';
import { loadPdf } from './inspect.ts';
import { placeholders, saveSigned, withReservation } from './placeholder.ts';
import { addSignatureField, defaultField, type SignatureField } from './signature-field.ts';
import type { FontWeight } from './stamp/fonts.ts';
import type { StampContent } from './stamp/layout.ts';
import { reusableFonts } from './stamp/reused-fonts.ts';
import { trailerSizeAt } from './trailer.ts';

export { DEFAULT_FIELD_SIZE, type SignatureField } from './signature-field.ts';

export type SignPdfOptions = {
  signer: Signer;
  /** With a TSA the signature gets a signature time stamp (PAdES B-T); without, B-B. */
  tsa?: TimestampAuthority;
  /** The person (or seal) the signature is for: /Name of the signature dictionary. */
  signerName: string;
  reason?: string;
  location?: string;
  /** The claimed signing time, written to /M (PAdES keeps it out of the CMS). */
  signingTime: Date;
  /**
   * The visual signature's place; `{ defaultSlot: n }`: the n-th default place (bottom-right of
   * the last page, see `defaultField`); null: an invisible signature.
   */
  field: SignatureField | { defaultSlot: number } | null;
  /** What the visual signature shows. */
  appearance: StampContent;
  /** Field name; defaults to `Signature<N>`, the first free one. */
  fieldName?: string;
  /**
   * The length of the file as uploaded (it starts every signed version): objects numbered from
   * its trailer's /Size on are Signet's, and the fonts of earlier stamps among them are reused.
   * Absent: nothing is reused.
   */
  uploadLength?: number;
  /** Per weight, text whose glyphs a document's first stamp font also embeds (see StampFonts). */
  fontPlan?: Partial<Record<FontWeight, string>>;
  /** Blank signature pages to append first, in the same update (the first signature only). */
  appendPages?: { count: number; size: { width: number; height: number } };
};

/**
 * Signs a PDF with a PAdES signature (ETSI.CAdES.detached; B-B, or B-T with a TSA) appended as
 * an incremental update: the result starts with the input bytes unchanged, so earlier
 * signatures stay valid. The visual signature, if any, is the appearance of the new widget.
 * The file is parsed once (not at all when `parsed` is the document parsed from `pdf`, unchanged
 * since, and not yet saved with a stamp); the answer's `doc` stands for the signed file, for the
 * updates without a stamp that follow (the seal; in-step.ts). /Contents reserves exactly what the CMS can take (certificates, the key's
 * longest signature, the TSA's largest token), so a signature adds a few KB, not 26.
 */
export async function signPdf(
  pdf: Uint8Array,
  options: SignPdfOptions,
  parsed?: PDF,
): Promise<PdfVersion> {
  return withReservation(await cadesMaxBytes(options.signer, options.tsa), (reserved, retry) =>
    signOnce(pdf, options, reserved, retry ? undefined : parsed),
  );
}

async function signOnce(
  pdf: Uint8Array,
  options: SignPdfOptions,
  reserved: number,
  parsed: PDF | undefined,
): Promise<PdfVersion> {
  // Signing reads versions Signet stored (the upload was checked for encryption then). A document
  // already saved with a stamp is not signed again: its font subsets are final (libpdf writes
  // them once), so a second stamp would miss the glyphs it adds.
  const doc = parsed && !parsed.fonts.isFinalized ? parsed : await loadPdf(pdf, { stored: true });
  const held = placeholders(reserved);
  const signature = doc.register(
    PdfDict.of({
      Type: PdfName.of('Sig'),
      Filter: PdfName.of('Adobe.PPKLite'),
      SubFilter: PdfName.of('ETSI.CAdES.detached'),
      ...held,
      M: PdfString.fromString(pdfDate(options.signingTime)),
      Name: PdfString.fromString(options.signerName),
      ...(options.reason ? { Reason: PdfString.fromString(options.reason) } : {}),
      ...(options.location ? { Location: PdfString.fromString(options.location) } : {}),
    }),
  );
  if (options.appendPages) {
    appendBlankPages(doc, options.appendPages.count, options.appendPages.size);
  }
  const field =
    options.field && 'defaultSlot' in options.field
      ? defaultField(doc, options.field.defaultSlot)
      : options.field;
  const ownFrom = options.uploadLength ? trailerSizeAt(pdf, options.uploadLength) : null;
  addSignatureField(doc, {
    value: signature,
    field,
    appearance: options.appearance,
    fonts: {
      reused: field && ownFrom ? reusableFonts(doc, ownFrom) : [],
      ...(options.fontPlan ? { plan: options.fontPlan } : {}),
    },
    ...(options.fieldName ? { fieldName: options.fieldName } : {}),
  });
  // Only the glyphs the stamp uses are embedded (a few KB instead of 630 KB per font); small
  // streams (a subset's ToUnicode and CIDToGIDMap) are compressed too.
  deflateNewStreams(doc, { subsetFonts: true, threshold: 0 });
  return saveSigned(
    doc,
    pdf,
    held,
    (digest) => createCadesSignature(options.signer, digest, options.tsa),
    { subsetFonts: true, compressionThreshold: 0 },
  );
}

/** D:YYYYMMDDHHmmSSZ in UTC. */
export function pdfDate(date: Date): string {
  const p = (n: number) => n.toString().padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}
