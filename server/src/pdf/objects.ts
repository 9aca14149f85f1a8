import type { PDF, PdfDict, PdfObject, PdfRef, PdfStream } from '@libpdf/core';

/** Small helpers over @libpdf/core's object model, for code that walks untrusted files. */

export type Resolve = (o: PdfObject | undefined) => PdfObject | undefined;

/** Follows references (one level; libpdf resolves a chain to the object). */
export function resolver(doc: PDF): Resolve {
  return (o) => (o?.type === 'ref' ? (doc.context.resolve(o) ?? undefined) : o);
}

export const refKey = (ref: PdfRef): string => `${ref.objectNumber} ${ref.generation}`;

export function asDict(o: PdfObject | undefined): PdfDict | undefined {
  return o?.type === 'dict' || o?.type === 'stream' ? (o as PdfDict) : undefined;
}

export function asStream(o: PdfObject | undefined): PdfStream | undefined {
  return o?.type === 'stream' ? (o as PdfStream) : undefined;
}

export function nameOf(o: PdfObject | undefined): string | undefined {
  return o?.type === 'name' ? o.value : undefined;
}

export function numberOf(o: PdfObject | undefined): number | undefined {
  return o?.type === 'number' && Number.isFinite(o.value) ? o.value : undefined;
}

/** The items of an array, or the one object when it is not an array (PDF's "or array" values). */
export function items(o: PdfObject | undefined, resolve: Resolve): PdfObject[] {
  const value = resolve(o);
  if (value === undefined) return [];
  if (value.type === 'array') return value.toArray();
  return [value];
}

/** The filters of a stream in order, with the LZW EarlyChange of each (default 1). */
export function streamFilters(
  stream: PdfDict,
  resolve: Resolve,
): { filters: string[]; earlyChange: number[] } {
  const filters = items(stream.get('Filter'), resolve)
    .map((f) => nameOf(resolve(f)))
    .filter((f): f is string => f !== undefined);
  const parms = items(stream.get('DecodeParms'), resolve);
  const earlyChange = filters.map((_, i) => {
    const p = asDict(resolve(parms[i]));
    return numberOf(resolve(p?.get('EarlyChange'))) ?? 1;
  });
  return { filters, earlyChange };
}

/** An attribute a page inherits from the page tree (Resources, MediaBox, CropBox, Rotate). */
export function inherited(
  page: PdfDict,
  key: string,
  resolve: Resolve,
  maxDepth = 64,
): PdfObject | undefined {
  let node: PdfDict | undefined = page;
  for (let depth = 0; node && depth < maxDepth; depth++) {
    const value = resolve(node.get(key));
    if (value !== undefined) return value;
    node = asDict(resolve(node.get('Parent')));
  }
  return undefined;
}
