import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import type { Signer } from '../crypto/signer.ts';
import { APPEARANCE_FONTS, appearanceContent } from './appearance.ts';
import { PdfError } from './errors.ts';
import { loadPdf } from './inspect.ts';
import { BYTE_RANGE_PLACEHOLDER, CONTENTS_BYTES, completeSignature } from './placeholder.ts';

/** Where the visual signature goes. */
export type SignatureField = {
  /** 0-based page index. */
  page: number;
  /** Left edge, in points from the page's left edge. */
  x: number;
  /** Top edge, in points from the page's top edge (as a viewer shows the page). */
  y: number;
  /** Defaults to 300. */
  width?: number;
  /** Defaults to 140. */
  height?: number;
};

export type SignPdfOptions = {
  signer: Signer;
  /** The person (or seal) the signature is for: /Name of the signature dictionary. */
  signerName: string;
  reason?: string;
  location?: string;
  /** The claimed signing time, written to /M (PAdES B-B keeps it out of the CMS). */
  signingTime: Date;
  /** null: an invisible signature. */
  field: SignatureField | null;
  appearance: { lines: readonly string[] };
  /** Field name; defaults to `Signature<N>`, the first free one. */
  fieldName?: string;
};

export const DEFAULT_FIELD_SIZE = { width: 300, height: 140 } as const;

/**
 * Signs a PDF with a PAdES B-B signature (ETSI.CAdES.detached) appended as an incremental
 * update: the result starts with the input bytes unchanged, so earlier signatures stay valid.
 * The visual signature, if any, is the appearance of the new signature widget.
 */
export async function signPdf(pdf: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  const doc = await loadPdf(pdf);
  const pageCount = doc.getPageCount();

  const signature = doc.register(
    PdfDict.of({
      Type: PdfName.of('Sig'),
      Filter: PdfName.of('Adobe.PPKLite'),
      SubFilter: PdfName.of('ETSI.CAdES.detached'),
      ByteRange: PdfArray.of(
        PdfNumber.of(0),
        PdfNumber.of(BYTE_RANGE_PLACEHOLDER),
        PdfNumber.of(BYTE_RANGE_PLACEHOLDER),
        PdfNumber.of(BYTE_RANGE_PLACEHOLDER),
      ),
      Contents: new PdfString(new Uint8Array(CONTENTS_BYTES), 'hex'),
      M: PdfString.fromString(pdfDate(options.signingTime)),
      Name: PdfString.fromString(options.signerName),
      ...(options.reason ? { Reason: PdfString.fromString(options.reason) } : {}),
      ...(options.location ? { Location: PdfString.fromString(options.location) } : {}),
    }),
  );

  const pageIndex = options.field?.page ?? 0;
  const page = doc.getPage(pageIndex);
  if (!page) {
    throw new PdfError(
      'PDF_FIELD_OUTSIDE_PAGE',
      `Page ${pageIndex} does not exist (the PDF has ${pageCount})`,
      {
        page: pageIndex,
        pages: pageCount,
      },
    );
  }

  const form = doc.getOrCreateForm();
  const names = new Set(form.getFieldNames());
  let fieldName = options.fieldName;
  for (let n = names.size + 1; fieldName === undefined || names.has(fieldName); n++)
    fieldName = `Signature${n}`;
  // createSignatureField adds the field to /AcroForm /Fields and sets /SigFlags 3.
  const fieldDict = form.createSignatureField(fieldName).getDict();
  fieldDict.delete('Kids');
  // One dictionary that is both the field and its widget (the usual shape of signature fields).
  fieldDict.set('V', signature);
  fieldDict.set('Type', PdfName.of('Annot'));
  fieldDict.set('Subtype', PdfName.of('Widget'));
  fieldDict.set('F', PdfNumber.of(132)); // Print | Locked
  fieldDict.set('P', page.ref);

  if (options.field) {
    const rect = widgetRect(page.getCropBox(), options.field, pageIndex);
    fieldDict.set('Rect', PdfArray.of(...rect.map((n) => PdfNumber.of(n))));
    const width = rect[2] - rect[0];
    const height = rect[3] - rect[1];
    const fonts = PdfDict.of(
      Object.fromEntries(
        Object.entries(APPEARANCE_FONTS).map(([key, base]) => [
          key,
          PdfDict.of({
            Type: PdfName.of('Font'),
            Subtype: PdfName.of('Type1'),
            BaseFont: PdfName.of(base),
            Encoding: PdfName.of('WinAnsiEncoding'),
          }),
        ]),
      ),
    );
    const stream = PdfStream.fromDict(
      {
        Type: PdfName.of('XObject'),
        Subtype: PdfName.of('Form'),
        BBox: PdfArray.of(
          PdfNumber.of(0),
          PdfNumber.of(0),
          PdfNumber.of(width),
          PdfNumber.of(height),
        ),
        Resources: PdfDict.of({ Font: fonts }),
      },
      new TextEncoder().encode(
        appearanceContent({ width, height, lines: options.appearance.lines }),
      ),
    );
    fieldDict.set('AP', PdfDict.of({ N: doc.register(stream) }));
  } else {
    fieldDict.set(
      'Rect',
      PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(0)),
    );
  }
  const fieldRef = form.getField(fieldName)?.getRef() ?? null;
  if (!fieldRef) throw new Error('Created signature field has no reference');
  addAnnotation(doc, page.dict, fieldRef);

  const withPlaceholders = await doc.save({ incremental: true });
  return completeSignature(pdf, withPlaceholders, options.signer);
}

function addAnnotation(doc: PDF, pageDict: PdfDict, ref: PdfRef): void {
  const resolve = (r: PdfRef) => doc.context.resolve(r);
  const existing = pageDict.get('Annots');
  if (existing === undefined) {
    pageDict.set('Annots', PdfArray.of(ref));
    return;
  }
  const annots = existing.type === 'ref' ? resolve(existing) : existing;
  if (annots?.type !== 'array') {
    pageDict.set('Annots', PdfArray.of(ref));
    return;
  }
  annots.push(ref);
}

/** Top-left based box → PDF rectangle [llx lly urx ury] in the crop box's coordinates. */
function widgetRect(
  box: { x: number; y: number; width: number; height: number },
  field: SignatureField,
  page: number,
): [number, number, number, number] {
  const width = field.width ?? DEFAULT_FIELD_SIZE.width;
  const height = field.height ?? DEFAULT_FIELD_SIZE.height;
  const inside =
    width > 0 &&
    height > 0 &&
    field.x >= 0 &&
    field.y >= 0 &&
    field.x + width <= box.width + 0.01 &&
    field.y + height <= box.height + 0.01;
  if (!inside) {
    throw new PdfError('PDF_FIELD_OUTSIDE_PAGE', 'The visual signature does not fit on the page', {
      page,
      pageWidth: box.width,
      pageHeight: box.height,
      field: { x: field.x, y: field.y, width, height },
    });
  }
  const left = box.x + field.x;
  const top = box.y + box.height - field.y;
  const r = (n: number) => Math.round(n * 100) / 100;
  return [r(left), r(top - height), r(left + width), r(top)];
}

/** D:YYYYMMDDHHmmSSZ in UTC. */
export function pdfDate(date: Date): string {
  const p = (n: number) => n.toString().padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}
