/**
 * Cookies of the site and the console (same origin, `Path=/`, SameSite=Strict, Secure on
 * https). Safe to import anywhere: without a document they read nothing and write nothing.
 */

/** The value of cookie `name` in a `Cookie` header or `document.cookie` string, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** A `Set-Cookie`/`document.cookie` string; a session cookie unless `maxAgeSeconds` is given. */
export function cookieString(
  name: string,
  value: string,
  options: { maxAgeSeconds?: number; secure?: boolean } = {},
): string {
  const age = options.maxAgeSeconds === undefined ? '' : `; Max-Age=${options.maxAgeSeconds}`;
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${age}${secure}`;
}

const hasDocument = () => typeof document !== 'undefined';

export function readCookie(name: string): string | null {
  return hasDocument() ? cookieValue(document.cookie, name) : null;
}

/** Writes a cookie for the whole site; a session cookie unless `maxAgeSeconds` is given. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  if (!hasDocument()) return;
  const secure = location.protocol === 'https:';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari < 18.4.
  document.cookie = cookieString(name, value, { maxAgeSeconds, secure });
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}
