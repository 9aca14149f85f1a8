/**
 * The browser session, one implementation for the site, the console and the end-to-end tests
 * (spec sections 8 and 9): the bearer token in this tab's sessionStorage, mirrored in the
 * session cookie so other tabs and /business pick it up; when it ends; the path to come back to
 * after login; and what a 401 does. Safe to import anywhere: without a browser nothing is read
 * or written.
 */
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';
import {
  HOME_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  SESSION_COOKIE,
  SESSION_KEYS,
} from './session.constants.ts';

/** sessionStorage that never throws (it does when storage is blocked) and is empty off-browser. */
export const tabStorage = {
  get(key: string): string | null {
    try {
      return globalThis.sessionStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.sessionStorage?.setItem(key, value);
    } catch {
      // storage blocked: the boot check sends the user to /cookiesblocked
    }
  },
  remove(key: string): void {
    try {
      globalThis.sessionStorage?.removeItem(key);
    } catch {
      // see set()
    }
  },
};

/** True when `expiresAt` (ISO) lies in the past; an unknown or unreadable end is not past. */
export function isExpired(expiresAt: string | null | undefined, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const end = Date.parse(expiresAt);
  return !Number.isNaN(end) && end <= now;
}

/**
 * The bearer token of this tab: its own, else the one the session cookie carries (another tab
 * signed in; it is adopted). A token whose end has passed reads as none and is forgotten.
 */
export function readToken(now = Date.now()): string | null {
  const own = tabStorage.get(SESSION_KEYS.token);
  if (own) {
    if (!isExpired(tabStorage.get(SESSION_KEYS.expiresAt), now)) return own;
    clearSession();
    return null;
  }
  const shared = readCookie(SESSION_COOKIE);
  if (!shared) return null;
  tabStorage.set(SESSION_KEYS.token, shared);
  return shared;
}

/** Stores a new session (login, register, change-password) in this tab and the cookie. */
export function writeSession(session: { token: string; expiresAt?: string | undefined }): void {
  tabStorage.set(SESSION_KEYS.token, session.token);
  if (session.expiresAt) tabStorage.set(SESSION_KEYS.expiresAt, session.expiresAt);
  else tabStorage.remove(SESSION_KEYS.expiresAt);
  writeCookie(SESSION_COOKIE, session.token);
}

/** Forgets the session in this browser: this tab's storage and the cookie (every tab). */
export function clearSession(): void {
  tabStorage.remove(SESSION_KEYS.token);
  tabStorage.remove(SESSION_KEYS.expiresAt);
  deleteCookie(SESSION_COOKIE);
}

const LOGIN_OR_LOGOUT = new RegExp(`^(?:${LOGIN_PATH}|${LOGOUT_PATH})(?:[/?#]|$)`);

/**
 * The path to remember so login can bring the user back: `null` on /login and /logout (and
 * below them), where coming back makes no sense.
 */
export function pathToRemember(pathWithQuery: string): string | null {
  return LOGIN_OR_LOGOUT.test(pathWithQuery) ? null : pathWithQuery;
}

/** Remembers where to return after login (not /login or /logout themselves). */
export function rememberPath(pathWithQuery: string): void {
  const path = pathToRemember(pathWithQuery);
  if (path) tabStorage.set(SESSION_KEYS.redirect, path);
}

/**
 * A remembered or passed destination, when it is a path of this site (no `//host`, no scheme,
 * not /login or /logout); otherwise `fallback`.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = HOME_PATH): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return pathToRemember(value) === null ? fallback : value;
}

/** The remembered path (consumed), or `fallback`: where login sends the user. */
export function takeRememberedPath(fallback = HOME_PATH): string {
  const path = tabStorage.get(SESSION_KEYS.redirect);
  tabStorage.remove(SESSION_KEYS.redirect);
  return safeRedirectPath(path, fallback);
}

/** The current page's path with query, for {@link rememberPath}. */
export function currentPath(): string {
  return globalThis.location ? `${location.pathname}${location.search}` : '/';
}

/**
 * What a 401 to a call that carried the token does (spec section 8): remember the current path
 * (unless on /login or /logout), forget the session, and go to /login. On /login there is
 * nowhere to go; on /logout the page is already leaving for /login, and a second navigation
 * racing it could strand the browser there.
 */
export function endSessionAfterUnauthorized(): void {
  if (!globalThis.location) return;
  rememberPath(currentPath());
  clearSession();
  if (pathToRemember(location.pathname) !== null) leaveForLogin();
}

let leaving = false;

/**
 * Leaves this page for /login, once per page: a page whose guard, auth check and failed call all
 * see the missing session would otherwise start two navigations, and on a slow machine the second
 * cancels the first and strands the browser on a half-left page. The caller remembers the path.
 */
export function leaveForLogin(): void {
  if (!globalThis.location || leaving) return;
  leaving = true;
  location.replace(LOGIN_PATH);
}
