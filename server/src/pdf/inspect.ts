import { PDF, type PdfArray, type PdfDict, type PdfObject } from '@libpdf/core';
import { PdfError } from './errors.ts';

export type PdfInfo = {
  pages: number;
  /** Always false: encrypted input throws PDF_ENCRYPTED instead. */
  encrypted: false;
  /** Header version, e.g. "1.7". */
  version: string;
  /** Page sizes in points (crop box), for placing visual signatures. */
  pageSizes: { width: number; height: number }[];
  signatures: number;
  title?: string;
};

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

/** Parses the PDF; unreadable, damaged or encrypted files throw a PdfError (422). */
export async function loadPdf(bytes: Uint8Array): Promise<PDF> {
  if (!looksLikePdf(bytes)) throw new PdfError('PDF_UNREADABLE', 'The file is not a PDF');
  let doc: PDF;
  try {
    doc = await PDF.load(bytes);
  } catch (error) {
    if (/encrypt|password/i.test(String(error))) {
      throw new PdfError('PDF_ENCRYPTED', 'The PDF is encrypted or password protected');
    }
    throw new PdfError('PDF_UNREADABLE', 'The PDF is damaged and cannot be read', {
      reason: String(error),
    });
  }
  if (doc.isEncrypted)
    throw new PdfError('PDF_ENCRYPTED', 'The PDF is encrypted or password protected');
  // A file readable only by scanning for objects would be rewritten, not appended to.
  if (doc.recoveredViaBruteForce) {
    throw new PdfError('PDF_UNREADABLE', 'The PDF is damaged (broken cross-reference table)');
  }
  if (doc.getPageCount() === 0) throw new PdfError('PDF_NO_PAGES', 'The PDF has no pages');
  return doc;
}

/** `%PDF-` within the first KiB, as the PDF specification allows leading garbage. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes(
    '%PDF-',
  );
}

/** Facts an upload is checked against: page count, sizes, existing signatures. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInfo> {
  const doc = await loadPdf(bytes);
  const pages = doc.getPages();
  const title = doc.getTitle();
  return {
    pages: pages.length,
    encrypted: false,
    version: doc.version,
    pageSizes: pages.map((page) => {
      const box = page.getCropBox();
      return { width: box.width, height: box.height };
    }),
    signatures: signatureDicts(doc).length,
    ...(title ? { title } : {}),
  };
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
