import { PDF, type PdfArray, type PdfDict, type PdfObject } from '@libpdf/core';
import { encrypted, PdfError, unreadable } from './errors.ts';
import { looksLikePdf } from './magic.ts';
import { declaresEncryption } from './trailer.ts';

export type PdfSignatureInfo = {
  fieldName: string;
  /** /Name of the signature dictionary. */
  signerName?: string;
  reason?: string;
  location?: string;
  /** /M, the claimed signing time. */
  signingTime?: Date;
  subFilter?: string;
  byteRange: [number, number, number, number];
  /** Whether the signed range reaches the end of the file (true for the last signature). */
  coversWholeDocument: boolean;
};

/**
 * Parses the PDF. Encryption is told from the trailer before any object is parsed (see
 * encryption.ts), so an encrypted file is PDF_ENCRYPTED whatever its layout; anything the
 * parser cannot read is PDF_UNREADABLE, without the parser's message. No pages: PDF_NO_PAGES.
 * `stored`: the bytes are a version Signet stored (see below).
 */
export async function loadPdf(bytes: Uint8Array, options: { stored?: boolean } = {}): Promise<PDF> {
  if (!looksLikePdf(bytes)) throw unreadable();
  // A version Signet stored (an upload that passed this check, then our own updates, which
  // never add /Encrypt) skips the text scan of the whole file (≈ 4 ms for 1.2 MB); the parser's
  // own flag below still holds.
  if (!options.stored && declaresEncryption(bytes)) throw encrypted();
  let doc: PDF;
  try {
    doc = await PDF.load(bytes);
  } catch {
    throw unreadable();
  }
  if (doc.isEncrypted) throw encrypted();
  // A file readable only by scanning for objects would be rewritten, not appended to.
  if (doc.recoveredViaBruteForce) throw unreadable();
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw unreadable();
  }
  if (pages === 0) throw new PdfError('PDF_NO_PAGES', 'The PDF has no pages.');
  return doc;
}

/** The signatures in the file, oldest first (by position of their signed range). */
export async function listSignatures(bytes: Uint8Array): Promise<PdfSignatureInfo[]> {
  const doc = await loadPdf(bytes);
  return signatureDicts(doc)
    .map(({ name, dict }) => {
      const resolve = (o: PdfObject | undefined) =>
        o?.type === 'ref' ? (doc.context.resolve(o) ?? undefined) : o;
      const text = (key: string) => {
        const value = resolve(dict.get(key));
        return value?.type === 'string' ? value.asString() : undefined;
      };
      const rangeObject = resolve(dict.get('ByteRange')) as PdfArray | undefined;
      const range = rangeObject
        ? rangeObject.toArray().map((n) => (n.type === 'number' ? n.value : Number.NaN))
        : [];
      const byteRange: [number, number, number, number] = [
        range[0] ?? 0,
        range[1] ?? 0,
        range[2] ?? 0,
        range[3] ?? 0,
      ];
      const subFilter = resolve(dict.get('SubFilter'));
      const m = text('M');
      const signerName = text('Name');
      const reason = text('Reason');
      const location = text('Location');
      return {
        fieldName: name,
        ...(signerName !== undefined ? { signerName } : {}),
        ...(reason !== undefined ? { reason } : {}),
        ...(location !== undefined ? { location } : {}),
        ...(m ? { signingTime: parsePdfDate(m) } : {}),
        ...(subFilter?.type === 'name' ? { subFilter: subFilter.value } : {}),
        byteRange,
        coversWholeDocument: byteRange[2] + byteRange[3] === bytes.length,
      };
    })
    .sort((a, b) => a.byteRange[3] + a.byteRange[2] - (b.byteRange[3] + b.byteRange[2]));
}

/** How many signed signature fields the document has. */
export function signatureCount(doc: PDF): number {
  return signatureDicts(doc).length;
}

function signatureDicts(doc: PDF): { name: string; dict: PdfDict }[] {
  const form = doc.getForm();
  if (!form) return [];
  const out: { name: string; dict: PdfDict }[] = [];
  for (const field of form.getSignatureFields()) {
    let value = field.getDict().get('V');
    if (value?.type === 'ref') value = doc.context.resolve(value) ?? undefined;
    if (value?.type === 'dict') out.push({ name: field.name, dict: value });
  }
  return out;
}

/** D:YYYYMMDDHHmmSS with optional Z / ±HH'mm'. */
export function parsePdfDate(text: string): Date | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz] = m;
  let offset = 'Z';
  if (tz && tz !== 'Z') offset = `${tz.slice(0, 3)}:${tz.replaceAll("'", '').slice(3, 5) || '00'}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
