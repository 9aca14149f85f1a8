/**
 * The one rule for text the API accepts: no control characters. NUL cannot be stored by
 * PostgreSQL at all, and the others have no business in names, titles, messages or queries.
 * Allowed are tab, line feed and carriage return (multi-line messages); refused are the rest of
 * C0 (U+0000–U+001F), DEL (U+007F), C1 (U+0080–U+009F) and lone UTF-16 surrogates, which are
 * not text.
 */
export const CONTROL_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a character of {@link CONTROL_CHARACTER}. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The path to the first string (or object key) in a JSON-like value that holds a control
 * character, or null when there is none. Walks at most `maxDepth` levels (deeper input is
 * refused elsewhere).
 */
export function findControlCharacter(
  value: unknown,
  path: (string | number)[] = [],
  maxDepth = 32,
): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || path.length > maxDepth) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i], maxDepth);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, key];
    const found = findControlCharacter(item, [...path, key], maxDepth);
    if (found) return found;
  }
  return null;
}
