/**
 * The site's browser session, shared with the console (no second login): the bearer token lives
 * in sessionStorage `signet.token` and is mirrored in the session cookie `signet_tab`, so a new
 * tab (or the console) picks it up.
 */
export const TOKEN_STORAGE_KEY = 'signet.token';
export const TOKEN_COOKIE = 'signet_tab';
/** sessionStorage key of the session's end (ISO), written by the site next to the token. */
export const EXPIRES_STORAGE_KEY = 'signet.expiresAt';
/**
 * Where the site's login page finds the path to return to after signing in (sessionStorage).
 */
export const REDIRECT_STORAGE_KEY = 'signet.redirect';
/** The site's login page (outside the console). */
export const LOGIN_PATH = '/login';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The current bearer token: session storage first, else the tab cookie (copied over). */
export function getToken(): string | null {
  const stored = sessionStorage.getItem(TOKEN_STORAGE_KEY);
  if (stored) return stored;
  const fromCookie = readCookie(TOKEN_COOKIE);
  if (!fromCookie) return null;
  sessionStorage.setItem(TOKEN_STORAGE_KEY, fromCookie);
  return fromCookie;
}

/** Forgets the token in both places (logout, expired session). */
export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.removeItem(EXPIRES_STORAGE_KEY);
  // biome-ignore lint/suspicious/noDocumentCookie: the site writes this cookie the same way
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}

/** Sends the browser to the site's login, remembering `next` (an absolute path) for afterwards. */
export function goToLogin(next: string): void {
  sessionStorage.setItem(REDIRECT_STORAGE_KEY, next);
  window.location.assign(LOGIN_PATH);
}
