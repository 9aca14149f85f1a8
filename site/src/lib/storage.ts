/**
 * Browser storage keys and cookie helpers shared by the shell and the pages. Nothing here holds
 * signer data; only the session token and navigation state (sessionStorage, per tab).
 */

/** sessionStorage key of the bearer token (contract). */
export const TOKEN_KEY = 'signet.token';
/** sessionStorage key of the token's end (ISO). */
export const EXPIRES_KEY = 'signet.expiresAt';
/** Session cookie mirroring the token so new tabs and /business pick it up (contract). */
export const TAB_COOKIE = 'signet_tab';
/** sessionStorage key of the path to return to after login. */
export const REDIRECT_KEY = 'signet.redirect';
/** sessionStorage key counting reloads after chunk-load errors. */
export const CHUNK_RELOAD_KEY = 'signet.chunkReloads';
/** Cookie set by the server for internal staff: blocking maintenance does not apply. */
export const STAFF_COOKIE = 'signet_staff';
/** localStorage key that hides the Test System banner (spec). */
export const HIDE_STAGING_KEY = 'hide-staging-alert';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** Writes a cookie for the whole site, SameSite=Strict; a session cookie unless `maxAge` (s) is given. */
export function writeCookie(name: string, value: string, maxAge?: number): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAge === undefined ? '' : `; Max-Age=${maxAge}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari < 18.4.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${age}${secure}`;
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}

/** sessionStorage that never throws (it does when storage is blocked). */
export const session = {
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // storage blocked: the boot check sends the user to /cookiesblocked
    }
  },
  remove(key: string): void {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // see set()
    }
  },
};

/** True when cookies and Web Storage work; false sends the user to /cookiesblocked. */
export function storageAvailable(): boolean {
  try {
    if (!navigator.cookieEnabled) return false;
    const probe = '__signet_probe';
    sessionStorage.setItem(probe, '1');
    sessionStorage.removeItem(probe);
    localStorage.getItem(probe);
    return true;
  } catch {
    return false;
  }
}
