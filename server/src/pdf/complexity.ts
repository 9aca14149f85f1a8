import type { PDF, PdfDict, PdfObject, PdfStream } from '@libpdf/core';
import { countContentOps } from './content-ops.ts';
import { DecodeLimitError, decodeFilters, IMAGE_FILTERS } from './decode.ts';
import { PdfError, tooComplex } from './errors.ts';
import {
  MAX_DECODED_BYTES,
  MAX_FORM_DEPTH,
  MAX_IMAGE_PIXELS,
  MAX_OBJECTS,
  MAX_PAGE_OPERATORS,
  MAX_STREAM_BYTES,
} from './limits.ts';
import {
  asDict,
  asStream,
  inherited,
  nameOf,
  numberOf,
  type Resolve,
  refKey,
  resolver,
  streamFilters,
} from './objects.ts';

/** Caps of {@link checkComplexity}; the defaults are those of limits.ts. */
export type ComplexityLimits = {
  maxStreamBytes: number;
  maxDecodedBytes: number;
  maxImagePixels: number;
  maxPageOperators: number;
};

export const DEFAULT_COMPLEXITY_LIMITS: ComplexityLimits = {
  maxStreamBytes: MAX_STREAM_BYTES,
  maxDecodedBytes: MAX_DECODED_BYTES,
  maxImagePixels: MAX_IMAGE_PIXELS,
  maxPageOperators: MAX_PAGE_OPERATORS,
};

const MIB = 1024 * 1024;
const mib = (n: number) => `${Math.round(n / MIB)} MB`;

const streamTooLarge = (limit: number) =>
  new PdfError(
    'PDF_STREAM_TOO_LARGE',
    `A part of the PDF decompresses to more than ${mib(limit)}; it cannot be processed.`,
    { limit },
  );

/**
 * Holds a parsed document to the caps before anything draws it:
 * - every stream reachable from the trailer that is not an image is decompressed with a
 *   ceiling (one stream ≤ maxStreamBytes, all together ≤ maxDecodedBytes) — 422
 *   PDF_STREAM_TOO_LARGE;
 * - every image's width × height ≤ maxImagePixels, judged from its dictionary without
 *   decoding it — 422 PDF_IMAGE_TOO_LARGE;
 * - every page's operators, counting each use of a form XObject with what it draws, ≤
 *   maxPageOperators — 422 PDF_TOO_COMPLEX.
 * Work is bounded by the caps themselves; the worker's time limit covers the rest.
 */
export function checkComplexity(
  doc: PDF,
  limits: ComplexityLimits = DEFAULT_COMPLEXITY_LIMITS,
): void {
  const resolve = resolver(doc);
  let decodedTotal = 0;
  /** Streams already decompressed (by reference), so shared ones count once. */
  const decodedRefs = new Set<string>();
  const decodedObjects = new Set<PdfObject>();

  const decode = (stream: PdfStream, key: string | undefined): Uint8Array | null => {
    if (key) decodedRefs.add(key);
    decodedObjects.add(stream);
    const { filters, earlyChange } = streamFilters(stream, resolve);
    if (filters.length === 0) {
      decodedTotal += stream.data.byteLength;
    } else {
      const room = Math.min(limits.maxStreamBytes, limits.maxDecodedBytes - decodedTotal);
      let data: Uint8Array | null;
      try {
        data = decodeFilters(stream.data, filters, Math.max(0, room), earlyChange);
      } catch (e) {
        if (e instanceof DecodeLimitError) throw streamTooLarge(limits.maxStreamBytes);
        throw e;
      }
      if (data === null) return null;
      decodedTotal += data.byteLength;
      if (decodedTotal > limits.maxDecodedBytes) throw streamTooLarge(limits.maxDecodedBytes);
      return data;
    }
    if (decodedTotal > limits.maxDecodedBytes) throw streamTooLarge(limits.maxDecodedBytes);
    return stream.data;
  };

  checkPages(doc, resolve, limits, decode);
  walkObjects(doc, resolve, (stream, key) => {
    if (isImage(stream, resolve)) {
      checkImage(stream, resolve, limits);
      return;
    }
    if ((key && decodedRefs.has(key)) || decodedObjects.has(stream)) return;
    const { filters } = streamFilters(stream, resolve);
    if (filters.some((f) => IMAGE_FILTERS.has(f))) return;
    decode(stream, key);
  });
}

function isImage(stream: PdfDict, resolve: Resolve): boolean {
  return nameOf(resolve(stream.get('Subtype'))) === 'Image';
}

function checkImage(stream: PdfDict, resolve: Resolve, limits: ComplexityLimits): void {
  const width = numberOf(resolve(stream.get('Width'))) ?? 0;
  const height = numberOf(resolve(stream.get('Height'))) ?? 0;
  const pixels = Math.max(0, width) * Math.max(0, height);
  if (pixels > limits.maxImagePixels) {
    throw new PdfError(
      'PDF_IMAGE_TOO_LARGE',
      `An image in the PDF has ${Math.round(pixels / 1e6)} million pixels; at most ${Math.round(limits.maxImagePixels / 1e6)} million are allowed.`,
      { width, height, limit: limits.maxImagePixels },
    );
  }
}

type Decode = (stream: PdfStream, key: string | undefined) => Uint8Array | null;

/** Operators per page, each form XObject counted with every use. */
function checkPages(doc: PDF, resolve: Resolve, limits: ComplexityLimits, decode: Decode): void {
  const max = limits.maxPageOperators;
  /** Operators and drawn names of a content stream, by reference (shared streams count once). */
  const contentCache = new Map<string, { operators: number; drawn: string[] }>();
  /** Operators a form XObject draws, nested forms included (by reference). */
  const formCache = new Map<string, number>();
  const inProgress = new Set<string>();

  const ops = (raw: PdfObject | undefined, budget: number) => {
    const key = raw?.type === 'ref' ? refKey(raw) : undefined;
    const cached = key ? contentCache.get(key) : undefined;
    if (cached) return cached;
    const stream = asStream(resolve(raw));
    const data = stream ? decode(stream, key) : null;
    const counted = data ? countContentOps(data, budget) : { operators: 0, drawn: [] };
    if (key) contentCache.set(key, counted);
    return counted;
  };

  const drawnOps = (
    names: readonly string[],
    resources: PdfDict | undefined,
    depth: number,
    budget: number,
  ): number => {
    if (names.length === 0) return 0;
    const xobjects = asDict(resolve(resources?.get('XObject')));
    if (!xobjects) return 0;
    let total = 0;
    for (const name of names) {
      const raw = xobjects.get(name);
      if (raw?.type !== 'ref') continue; // a direct stream cannot be shared: counted in place
      total += formOps(raw, resources, depth, budget - total);
      if (total > budget) return total;
    }
    return total;
  };

  const formOps = (
    raw: PdfObject & { type: 'ref' },
    callerResources: PdfDict | undefined,
    depth: number,
    budget: number,
  ): number => {
    const key = refKey(raw);
    const known = formCache.get(key);
    if (known !== undefined) return known;
    if (inProgress.has(key)) return 0; // a form drawing itself: viewers stop there too
    const form = asStream(resolve(raw));
    if (!form || nameOf(resolve(form.get('Subtype'))) !== 'Form') return 0;
    if (depth > MAX_FORM_DEPTH) throw tooComplex({ formDepth: depth });
    inProgress.add(key);
    const own = ops(raw, budget);
    const resources = asDict(resolve(form.get('Resources'))) ?? callerResources;
    const total = own.operators + drawnOps(own.drawn, resources, depth + 1, budget - own.operators);
    inProgress.delete(key);
    formCache.set(key, total);
    return total;
  };

  for (const page of doc.getPages()) {
    const resources = asDict(inherited(page.dict, 'Resources', resolve));
    let total = 0;
    // Keep the references of the parts: a content stream shared by pages is counted once.
    const contents = page.dict.get('Contents');
    const resolved = resolve(contents);
    const parts = resolved?.type === 'array' ? resolved.toArray() : contents ? [contents] : [];
    for (const content of parts) {
      const counted = ops(content, max - total);
      total += counted.operators;
      total += drawnOps(counted.drawn, resources, 1, max - total);
      if (total > max) {
        throw tooComplex({ page: page.index + 1, operators: total, limit: max });
      }
    }
  }
}

/** Visits every stream reachable from the trailer once, with its reference when it has one. */
function walkObjects(
  doc: PDF,
  resolve: Resolve,
  visit: (stream: PdfStream, key: string | undefined) => void,
): void {
  const seenRefs = new Set<string>();
  const seenObjects = new Set<PdfObject>();
  const stack: { o: PdfObject; key: string | undefined }[] = [
    { o: doc.context.info.trailer, key: undefined },
  ];
  let count = 0;
  while (stack.length > 0) {
    const { o: raw, key: parentKey } = stack.pop() as { o: PdfObject; key: string | undefined };
    let key = parentKey;
    let o: PdfObject | undefined = raw;
    if (raw.type === 'ref') {
      key = refKey(raw);
      if (seenRefs.has(key)) continue;
      seenRefs.add(key);
      o = resolve(raw);
      if (o === undefined) continue;
    } else {
      key = undefined;
    }
    if (seenObjects.has(o)) continue;
    seenObjects.add(o);
    if (++count > MAX_OBJECTS) throw tooComplex({ objects: count });
    if (o.type === 'array') {
      for (const item of o.toArray()) stack.push({ o: item, key: undefined });
    } else if (o.type === 'dict' || o.type === 'stream') {
      const dict = o as PdfDict;
      for (const [name, value] of dict) {
        // Back links lead to where we came from; skipping them keeps the stack small.
        if (name.value === 'Parent' || name.value === 'P') continue;
        stack.push({ o: value, key: undefined });
      }
      if (o.type === 'stream') visit(o as PdfStream, key);
    }
  }
}
