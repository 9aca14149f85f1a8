import { PDF, type PdfDict, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';

/**
 * What the incremental updates of a PDF changed, revision by revision: whether a revision only
 * adds signatures, document time stamps and validation data (fields, widgets and their
 * appearances, the form, /Annots of pages, the DSS) or changes anything else (page content,
 * resources, other annotations, the catalog's actions, …). A signature is then followed by
 * "signatures only" or by "other" changes.
 */

/** End offsets of every revision (after its %%EOF and line end), in file order. */
export function revisionEnds(bytes: Uint8Array): number[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ends: number[] = [];
  for (let at = text.indexOf('%%EOF'); at >= 0; at = text.indexOf('%%EOF', at + 5)) {
    let end = at + 5;
    while (end < text.length && (text[end] === 0x0d || text[end] === 0x0a || text[end] === 0x20))
      end++;
    ends.push(end);
  }
  if (ends.at(-1) !== bytes.length) ends.push(bytes.length);
  return ends;
}

const OBJECT_HEADER = /(\d{1,7})\s+(\d{1,5})\s+obj\b/g;

/** Object numbers written between two offsets (plain objects and those of object streams). */
function objectsWritten(doc: PDF, bytes: Uint8Array, from: number, to: number): PdfRef[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');
  const refs: PdfRef[] = [];
  for (const m of text.matchAll(OBJECT_HEADER)) {
    const ref = PdfRef.of(Number(m[1]), Number(m[2]));
    refs.push(ref);
    const obj = doc.context.resolve(ref);
    if (obj instanceof PdfStream && nameOf(obj, 'Type') === 'ObjStm') {
      // The objects inside: "num offset" pairs before /First.
      const first = numberOf(obj, 'First') ?? 0;
      const head = Buffer.from(obj.getDecodedData().subarray(0, first)).toString('latin1');
      const nums = head.trim().split(/\s+/).map(Number);
      for (let i = 0; i + 1 < nums.length; i += 2) refs.push(PdfRef.of(nums[i] as number, 0));
    }
  }
  return refs;
}

function nameOf(dict: PdfDict, key: string): string | undefined {
  const v = dict.get(key);
  return v?.type === 'name' ? v.value : undefined;
}

function numberOf(dict: PdfDict, key: string): number | undefined {
  const v = dict.get(key);
  return v?.type === 'number' ? v.value : undefined;
}

const ALLOWED_TYPES = new Set([
  'Sig',
  'DocTimeStamp',
  'DSS',
  'XRef',
  'ObjStm',
  'Font',
  'FontDescriptor',
  'Encoding',
  'Metadata',
]);
/** Catalog entries a signature or a time stamp may add or change. */
const CATALOG_KEYS = new Set(['AcroForm', 'DSS', 'Metadata', 'Extensions', 'Version']);

/** A shallow, stable text of an object (references by number) for comparing two versions. */
function canon(o: PdfObject | undefined, skip: ReadonlySet<string> = new Set()): string {
  if (!o) return '∅';
  switch (o.type) {
    case 'ref':
      return `R${o.objectNumber}.${o.generation}`;
    case 'dict':
    case 'stream': {
      const keys = [...o.keys()]
        .map((k) => k.value)
        .filter((k) => !skip.has(k))
        .sort();
      return `<<${keys.map((k) => `/${k} ${canon(o.get(k))}`).join(' ')}>>`;
    }
    case 'array':
      return `[${o
        .toArray()
        .map((x) => canon(x))
        .join(' ')}]`;
    case 'name':
      return `/${o.value}`;
    case 'string':
      return `(${Buffer.from(o.bytes).toString('hex')})`;
    default:
      return String((o as { value?: unknown }).value ?? o.type);
  }
}

/**
 * Objects reachable from the resources of signature appearances (embedded fonts and their
 * programs, ToUnicode and CIDToGIDMap streams, images and their soft masks): a signature may
 * add them, but never change one that existed before (else a stamp could smuggle a rewritten
 * page content stream in by naming it among its resources).
 */
function collectResources(doc: PDF, root: PdfObject | undefined, into: Set<string>): void {
  const stack: { o: PdfObject | undefined; depth: number }[] = [{ o: root, depth: 0 }];
  while (stack.length > 0) {
    const { o, depth } = stack.pop() as { o: PdfObject | undefined; depth: number };
    if (!o || depth > 8 || into.size > 10_000) continue;
    let value: PdfObject | undefined = o;
    if (o.type === 'ref') {
      const key = `${o.objectNumber}.${o.generation}`;
      if (into.has(key)) continue;
      into.add(key);
      value = doc.context.resolve(o) ?? undefined;
    }
    if (value?.type === 'dict' || value?.type === 'stream') {
      for (const k of value.keys()) stack.push({ o: value.get(k.value), depth: depth + 1 });
    } else if (value?.type === 'array') {
      for (const x of value.toArray()) stack.push({ o: x, depth: depth + 1 });
    }
  }
}

/** Everything the signature fields of `doc` bring along: fields, widgets, appearances, DSS data. */
function signatureObjects(doc: PDF, resources: Set<string>): Set<string> {
  const allowed = new Set<string>();
  const add = (o: PdfObject | undefined) => {
    if (o?.type === 'ref') allowed.add(`${o.objectNumber}.${o.generation}`);
  };
  for (const field of doc.getForm()?.getSignatureFields() ?? []) {
    const dict = field.getDict();
    const ref = field.getRef();
    if (ref) add(ref);
    add(dict.get('V'));
    const ap = dict.get('AP');
    const apDict = ap?.type === 'ref' ? doc.context.resolve(ap) : ap;
    if (apDict?.type === 'dict') {
      for (const key of apDict.keys()) {
        const stream = apDict.get(key);
        add(stream);
        const s = stream?.type === 'ref' ? doc.context.resolve(stream) : undefined;
        const res = s?.type === 'stream' ? s.get('Resources') : undefined;
        add(res);
        const resDict = res?.type === 'ref' ? doc.context.resolve(res) : res;
        if (resDict?.type === 'dict') {
          for (const k of resDict.keys()) collectResources(doc, resDict.get(k.value), resources);
        }
      }
    }
    const kids = dict.get('Kids');
    const kidArray = kids?.type === 'ref' ? doc.context.resolve(kids) : kids;
    if (kidArray?.type === 'array') for (const k of kidArray.toArray()) add(k);
  }
  const dss = doc.getCatalog().get('DSS');
  add(dss);
  const dssDict = dss?.type === 'ref' ? doc.context.resolve(dss) : dss;
  if (dssDict?.type === 'dict') {
    for (const key of ['Certs', 'OCSPs', 'CRLs', 'VRI']) {
      const v = dssDict.get(key);
      add(v);
      const arr = v?.type === 'ref' ? doc.context.resolve(v) : v;
      if (arr?.type === 'array') for (const x of arr.toArray()) add(x);
      if (arr?.type === 'dict') {
        for (const k of arr.keys()) {
          const entry = arr.get(k);
          add(entry);
        }
      }
    }
  }
  const acro = doc.getCatalog().get('AcroForm');
  add(acro);
  const acroDict = acro?.type === 'ref' ? doc.context.resolve(acro) : acro;
  if (acroDict?.type === 'dict') {
    add(acroDict.get('Fields'));
    add(acroDict.get('DR'));
  }
  return allowed;
}

/**
 * For each revision end: whether that revision (against the one before it) changed only what
 * signatures and time stamps change. The first revision (the document itself) counts as benign.
 */
export async function benignRevisions(
  bytes: Uint8Array,
  doc: PDF,
  ends: readonly number[],
  from: number,
): Promise<Map<number, boolean>> {
  const out = new Map<number, boolean>();
  const appearanceResources = new Set<string>();
  const allowed = signatureObjects(doc, appearanceResources);
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i] as number;
    const start = i === 0 ? 0 : (ends[i - 1] as number);
    if (end <= from || i === 0) {
      out.set(end, true);
      continue;
    }
    const refs = objectsWritten(doc, bytes, start, end);
    let old: PDF | undefined;
    const previous = async () => {
      old ??= await PDF.load(bytes.subarray(0, start));
      return old;
    };
    let benign = true;
    for (const ref of refs) {
      const key = `${ref.objectNumber}.${ref.generation}`;
      if (allowed.has(key)) continue;
      const obj = doc.context.resolve(ref);
      if (!obj) continue; // freed
      // Fonts and images of a stamp: benign when new in this revision.
      if (appearanceResources.has(key) && !(await previous()).context.resolve(ref)) continue;
      if (obj.type !== 'dict' && obj.type !== 'stream' && obj.type !== 'array') {
        benign = false;
        break;
      }
      if (obj.type === 'array') {
        // An indirect /Annots or /Fields array: only signature widgets may have been added.
        const before = (await previous()).context.resolve(ref);
        const had = new Set(before?.type === 'array' ? before.toArray().map((x) => canon(x)) : []);
        if (!obj.toArray().every((x) => had.has(canon(x)) || allowed.has(canon(x).slice(1)))) {
          benign = false;
          break;
        }
        continue;
      }
      const type = nameOf(obj, 'Type');
      if (type && ALLOWED_TYPES.has(type)) continue;
      if (nameOf(obj, 'FT') === 'Sig') continue;
      if (type === 'Catalog' || type === 'Page') {
        const before = (await previous()).context.resolve(ref);
        if (before?.type !== 'dict') {
          benign = false;
          break;
        }
        const skip = type === 'Catalog' ? CATALOG_KEYS : new Set(['Annots']);
        if (canon(obj, skip) !== canon(before, skip)) {
          benign = false;
          break;
        }
        if (type === 'Page') {
          const annots = (d: PdfDict, pdf: PDF) => {
            const a = d.get('Annots');
            const arr = a?.type === 'ref' ? pdf.context.resolve(a) : a;
            return arr?.type === 'array' ? arr.toArray().map((x) => canon(x)) : [];
          };
          const had = new Set(annots(before, await previous()));
          const added = annots(obj, doc).filter((x) => !had.has(x));
          if (!added.every((x) => allowed.has(x.slice(1)))) {
            benign = false;
            break;
          }
        }
        continue;
      }
      // Document information (producer, dates) may be refreshed by a signing tool.
      if (!type && obj.type === 'dict' && (obj.has('Producer') || obj.has('ModDate'))) continue;
      benign = false;
      break;
    }
    out.set(end, benign);
  }
  return out;
}
