import {
  type PDF,
  PdfArray,
  type PdfDict,
  PdfDict as PdfDictClass,
  PdfName,
  PdfNumber,
  type PdfObject,
  type PdfRef,
} from '@libpdf/core';
import { registerAppearance, type StampFonts } from './appearance.ts';
import { PdfError } from './errors.ts';
import type { StampContent } from './stamp/layout.ts';

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

/** Spec section 9: the visual signature's default size. */
export const DEFAULT_FIELD_SIZE = { width: 300, height: 140 } as const;
/** Distance of the default visual signature from the page edges and from its neighbours (pt). */
const EDGE = 20;
const GAP = 10;

/**
 * Where a signature goes without a placement: bottom-right of the last page, 300 × 140 (or
 * smaller on a small page); the n-th signer of a request (0-based) sits above the one before,
 * then in the next column to the left, so default signatures do not cover each other.
 */
export function defaultField(doc: PDF, signerIndex: number): SignatureField {
  const last = doc.getPageCount() - 1;
  const box = doc.getPage(last)?.getCropBox() ?? { width: 595, height: 842, x: 0, y: 0 };
  const width = Math.min(DEFAULT_FIELD_SIZE.width, box.width - 2 * EDGE);
  const height = Math.min(DEFAULT_FIELD_SIZE.height, box.height - 2 * EDGE);
  const perColumn = Math.max(1, Math.floor((box.height - EDGE) / (height + GAP)));
  const columns = Math.max(1, Math.floor((box.width - EDGE) / (width + GAP)));
  const slot = signerIndex % (perColumn * columns);
  const column = Math.floor(slot / perColumn);
  const row = slot % perColumn;
  return {
    page: last,
    x: Math.max(0, box.width - EDGE - width - column * (width + GAP)),
    y: Math.max(0, box.height - EDGE - height - row * (height + GAP)),
    width,
    height,
  };
}

export type FieldOptions = {
  /** The signature (or document time stamp) dictionary, registered. */
  value: PdfRef;
  /** null: an invisible field on the first page. */
  field: SignatureField | null;
  /** What the visual signature shows (its first line, the name, in bold). */
  appearance?: StampContent;
  /** The fonts the visual signature may reuse, and what a new subset plans for. */
  fonts?: StampFonts;
  /** Field name; defaults to `<prefix><N>`, the first free one. */
  fieldName?: string;
  prefix?: string;
};

/**
 * Adds a signature field whose value is `value`: one dictionary that is field and widget, in
 * /AcroForm /Fields (with /SigFlags 3) and in its page's /Annots, with the visual signature as
 * its appearance when `field` is given.
 */
export function addSignatureField(doc: PDF, options: FieldOptions): void {
  const pageCount = doc.getPageCount();
  const pageIndex = options.field?.page ?? 0;
  const page = doc.getPage(pageIndex);
  if (!page) {
    throw new PdfError(
      'PDF_FIELD_OUTSIDE_PAGE',
      `Page ${pageIndex} does not exist (the PDF has ${pageCount})`,
      { page: pageIndex, pages: pageCount },
    );
  }
  const rect = options.field ? widgetRect(page.getCropBox(), options.field, pageIndex) : null;

  const form = doc.getOrCreateForm();
  const names = new Set(form.getFieldNames());
  const prefix = options.prefix ?? 'Signature';
  let fieldName = options.fieldName;
  for (let n = names.size + 1; fieldName === undefined || names.has(fieldName); n++)
    fieldName = `${prefix}${n}`;
  // createSignatureField adds the field to /AcroForm /Fields and sets /SigFlags 3.
  const fieldDict = form.createSignatureField(fieldName).getDict();
  fieldDict.delete('Kids');
  fieldDict.set('V', options.value);
  fieldDict.set('Type', PdfName.of('Annot'));
  fieldDict.set('Subtype', PdfName.of('Widget'));
  fieldDict.set('F', PdfNumber.of(132)); // Print | Locked
  fieldDict.set('P', page.ref);

  if (rect) {
    fieldDict.set('Rect', PdfArray.of(...rect.map((n) => PdfNumber.of(n))));
    const width = rect[2] - rect[0];
    const height = rect[3] - rect[1];
    fieldDict.set(
      'AP',
      PdfDictClass.of({
        N: registerAppearance(
          doc,
          width,
          height,
          options.appearance ?? { lines: [] },
          options.fonts,
        ),
      }),
    );
  } else {
    fieldDict.set(
      'Rect',
      PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(0)),
    );
  }
  const fieldRef = form.getField(fieldName)?.getRef() ?? null;
  if (!fieldRef) throw new Error('Created signature field has no reference');
  addAnnotation(doc, page.dict, fieldRef);
}

function addAnnotation(doc: PDF, pageDict: PdfDict, ref: PdfRef): void {
  const existing = pageDict.get('Annots');
  if (existing === undefined) {
    pageDict.set('Annots', PdfArray.of(ref));
    return;
  }
  const annots = existing.type === 'ref' ? doc.context.resolve(existing) : existing;
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

/** The value dictionary (/V: a signature or a document time stamp) of every signed field. */
export function signatureValues(doc: PDF): { name: string; dict: PdfDict }[] {
  const out: { name: string; dict: PdfDict }[] = [];
  for (const field of doc.getForm()?.getSignatureFields() ?? []) {
    let value: PdfObject | undefined = field.getDict().get('V');
    if (value?.type === 'ref') value = doc.context.resolve(value) ?? undefined;
    if (value?.type === 'dict') out.push({ name: field.name, dict: value });
  }
  return out;
}
