/**
 * What a PDF declares in plain text, read without parsing its objects: encryption and the page
 * count.
 *
 * Encryption is declared by the `/Encrypt` entry of the trailer — of the `trailer` dictionary
 * of a classic cross-reference table, or of the dictionary of a cross-reference stream
 * (`/Type /XRef`). Both are always plain text, even in an encrypted file, while its other
 * objects may sit in encrypted object streams that no parser can read without the key. So
 * encryption is told from these dictionaries before any object is parsed: a parser failing on
 * encrypted object streams would otherwise call the file damaged.
 */

const TRAILER = /trailer\s*<</g;
const XREF_TYPE = /\/Type\s*\/XRef(?![A-Za-z0-9])/g;
const OBJECT_START = /\d+\s+\d+\s+obj\s*<</g;
const ENCRYPT = /\/Encrypt(?=[\s/<[(\d])/;
/** Trailer dictionaries are small; a file with more candidates than this is not a real one. */
const MAX_CANDIDATES = 10_000;
const MAX_DICT = 16 * 1024;

/** The dictionary that opens at `start` (at its `<<`), strings and nesting respected. */
export function dictionaryAt(text: string, start: number, maxLength = MAX_DICT): string {
  let depth = 0;
  const end = Math.min(text.length, start + maxLength);
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '(') {
      // literal string: skip with nesting and escapes
      let d = 1;
      i++;
      while (i < end && d > 0) {
        if (text[i] === '\\') i++;
        else if (text[i] === '(') d++;
        else if (text[i] === ')') d--;
        i++;
      }
      i--;
    } else if (c === '<' && text[i + 1] === '<') {
      depth++;
      i++;
    } else if (c === '>' && text[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start, end);
}

/** The file as latin1 text: one character per byte, so offsets stay byte offsets. */
export function pdfText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Whether any trailer or cross-reference stream dictionary of the file has `/Encrypt`. */
export function declaresEncryption(bytes: Uint8Array, text = pdfText(bytes)): boolean {
  let seen = 0;
  for (const m of text.matchAll(TRAILER)) {
    if (++seen > MAX_CANDIDATES) break;
    if (ENCRYPT.test(dictionaryAt(text, m.index + m[0].length - 2))) return true;
  }
  // A cross-reference stream: find its /Type /XRef, then the object header opening its dictionary.
  seen = 0;
  for (const m of text.matchAll(XREF_TYPE)) {
    if (++seen > MAX_CANDIDATES) break;
    const from = Math.max(0, m.index - MAX_DICT);
    const before = text.slice(from, m.index);
    let open = -1;
    for (const h of before.matchAll(OBJECT_START)) open = from + h.index + h[0].length - 2;
    if (open >= 0 && ENCRYPT.test(dictionaryAt(text, open))) return true;
  }
  return false;
}

/** The dictionary of the newest `num gen obj` in the text (a later revision wins), or null. */
function objectDict(text: string, num: string, gen: string, maxLength = MAX_DICT): string | null {
  const header = new RegExp(`(?<![0-9])${num}\\s+${gen}\\s+obj\\s*<<`, 'g');
  let open = -1;
  let seen = 0;
  for (const m of text.matchAll(header)) {
    if (++seen > MAX_CANDIDATES) return null;
    open = m.index + m[0].length - 2;
  }
  return open < 0 ? null : dictionaryAt(text, open, maxLength);
}

/**
 * The page count the document's page tree declares (`/Count` of the root `/Pages`), read from
 * the text without parsing the file: the newest `/Root`, its catalog, its page tree. Null when
 * any of them sits in an object stream or cannot be read this way. Lets a file claiming
 * 100,000 pages be refused before a parser builds them all.
 */
export function declaredPageCount(text: string): number | null {
  const roots = [...text.matchAll(/\/Root\s+(\d+)\s+(\d+)\s+R/g)];
  const root = roots[roots.length - 1];
  if (!root) return null;
  const catalog = objectDict(text, root[1] as string, root[2] as string);
  const pages = catalog && /\/Pages\s+(\d+)\s+(\d+)\s+R/.exec(catalog);
  if (!pages) return null;
  // The root's /Kids may list every page (a million-page file: megabytes), /Count after it.
  const tree = objectDict(text, pages[1] as string, pages[2] as string, 16 * 1024 * 1024);
  const count = tree && /\/Count\s+(\d+)/.exec(tree);
  return count ? Number(count[1]) : null;
}

/**
 * The `/Size` of the last cross-reference section in the first `length` bytes (a file as it was
 * uploaded, before the incremental updates appended to it): every object numbered from there on
 * was added by a later update. Reads the `startxref` of that prefix and the trailer (or
 * cross-reference stream dictionary) it points to; null when any of it cannot be read so.
 */
export function trailerSizeAt(bytes: Uint8Array, length: number): number | null {
  if (length <= 0 || length > bytes.length) return null;
  const offset = lastStartXref(bytes.subarray(0, length));
  if (offset === null) return null;
  const section = pdfText(bytes.subarray(offset, Math.min(length, offset + 64)));
  let dict: string | null = null;
  if (/^\s*xref/.test(section)) {
    // A table: its rows are 20 bytes each; the trailer dictionary follows them.
    const rest = pdfText(bytes.subarray(offset, length));
    const at = rest.search(/trailer\s*<</);
    if (at >= 0) dict = dictionaryAt(rest, rest.indexOf('<<', at));
  } else if (/^\s*\d+\s+\d+\s+obj\s*<</.test(section)) {
    const text = pdfText(bytes.subarray(offset, Math.min(length, offset + MAX_DICT)));
    dict = dictionaryAt(text, text.indexOf('<<'));
  }
  const size = dict && /\/Size\s+(\d+)/.exec(dict);
  return size ? Number(size[1]) : null;
}

/** The offset the file's last `startxref` gives (its newest cross-reference section); null if none. */
export function lastStartXref(bytes: Uint8Array): number | null {
  const tail = pdfText(bytes.subarray(Math.max(0, bytes.length - 1024)));
  const offset = Number([...tail.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(offset) && offset < bytes.length ? offset : null;
}
