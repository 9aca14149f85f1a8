/**
 * Counts the operators of a PDF content stream (PDF 32000-1 §7.8.2) without building anything:
 * one pass over the bytes that skips operands (numbers, names, strings, arrays, dictionaries),
 * comments and inline image data. The names given to `Do` are collected, so form XObjects can
 * be counted with every use.
 */

export type ContentOps = {
  /** Operators in the stream (each `Do` counts once here). */
  operators: number;
  /** The XObject name of every `Do`, in order (a name drawn twice appears twice). */
  drawn: string[];
};

// Character classes: 1 whitespace, 2 delimiter, 0 regular.
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = 2;

const isRegular = (c: number) => CLASS[c] === 0;

const BI = 0x4249; // "BI"
const ID = 0x4944; // "ID"
const DO = 0x446f; // "Do"

/** Decodes the #xx escapes of a name (PDF 1.2+). */
function nameText(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) {
    const c = bytes[i] as number;
    if (c === 35 && i + 2 < end) {
      const hex = String.fromCharCode(bytes[i + 1] as number, bytes[i + 2] as number);
      if (/^[0-9a-f]{2}$/i.test(hex)) {
        s += String.fromCharCode(Number.parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    s += String.fromCharCode(c);
  }
  return s;
}

/** Skips inline image data after `ID`: up to whitespace, `EI`, and whitespace or the end. */
function skipInlineImage(b: Uint8Array, from: number): number {
  let i = from + 1; // one whitespace byte follows ID
  const n = b.length;
  while (i < n - 1) {
    if (
      b[i] === 0x45 &&
      b[i + 1] === 0x49 &&
      CLASS[b[i - 1] as number] === 1 &&
      (i + 2 >= n || CLASS[b[i + 2] as number] !== 0)
    ) {
      return i + 2;
    }
    i++;
  }
  return n;
}

/** Counts operators and collects `Do` names; stops counting early once past `stopAt`. */
export function countContentOps(b: Uint8Array, stopAt = Number.POSITIVE_INFINITY): ContentOps {
  let operators = 0;
  const drawn: string[] = [];
  let lastName: string | null = null;
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i] as number;
    const cls = CLASS[c];
    if (cls === 1) {
      i++;
      continue;
    }
    if (c === 37) {
      // % comment to the end of the line
      while (i < n && b[i] !== 10 && b[i] !== 13) i++;
      continue;
    }
    if (c === 40) {
      // ( literal string ), nested parentheses and backslash escapes
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = b[i] as number;
        if (d === 92) i += 2;
        else {
          if (d === 40) depth++;
          else if (d === 41) depth--;
          i++;
        }
      }
      continue;
    }
    if (c === 60) {
      if (b[i + 1] === 60) {
        i += 2; // << dictionary open
        continue;
      }
      while (i < n && b[i] !== 62) i++; // <hex string>
      i++;
      continue;
    }
    if (c === 47) {
      // /Name
      const start = ++i;
      while (i < n && isRegular(b[i] as number)) i++;
      lastName = nameText(b, start, i);
      continue;
    }
    if (cls === 2) {
      i++; // ) > ] [ { }
      continue;
    }
    const start = i;
    while (i < n && isRegular(b[i] as number)) i++;
    const first = c;
    // Numbers and the three constants are operands.
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46) continue;
    const len = i - start;
    if (len === 4 && first === 116) continue; // true
    if (len === 5 && first === 102) continue; // false
    if (len === 4 && first === 110 && b[start + 1] === 117) continue; // null
    operators++;
    if (operators > stopAt) break;
    if (len === 2) {
      const word = (first << 8) | (b[start + 1] as number);
      if (word === DO && lastName !== null) drawn.push(lastName);
      else if (word === BI) {
        // Skip the inline image's dictionary up to ID, then its data.
        while (
          i < n - 1 &&
          !(
            b[i] === 0x49 &&
            b[i + 1] === 0x44 &&
            CLASS[b[i - 1] as number] === 1 &&
            !isRegular(b[i + 2] ?? 32)
          )
        )
          i++;
        if (i < n - 1 && ((b[i] as number) << 8) + (b[i + 1] as number) === ID) {
          i = skipInlineImage(b, i + 2);
        }
      }
    }
    lastName = null;
  }
  return { operators, drawn };
}
