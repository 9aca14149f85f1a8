import type { TBusiness } from '@signet/shared/business/business.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { atom } from 'nanostores';
import { ApiError, request } from '../lib/api.ts';
import { LANG_COOKIE, langFromQuery } from '../lib/lang.ts';
import { type Role, rolesOf, safeRedirectPath } from '../lib/roles.ts';
import {
  deleteCookie,
  EXPIRES_KEY,
  REDIRECT_KEY,
  readCookie,
  session as store,
  TAB_COOKIE,
  TOKEN_KEY,
  writeCookie,
} from '../lib/storage.ts';

export type SessionStatus =
  /** A token exists but the user is not loaded yet. */
  | 'pending'
  | 'loading'
  | 'ready'
  /** No token: not signed in. */
  | 'anonymous';

export type SessionState = {
  status: SessionStatus;
  token: string | null;
  user: TUser | null;
  business: TBusiness | null;
  /** Empty when not signed in. */
  roles: Role[];
};

/** The token from this tab's sessionStorage, else from the tab cookie another tab wrote. */
export function readStoredToken(): string | null {
  const own = store.get(TOKEN_KEY);
  if (own) return own;
  const fromCookie = readCookie(TAB_COOKIE);
  if (fromCookie) store.set(TOKEN_KEY, fromCookie);
  return fromCookie || null;
}

function initial(): SessionState {
  const token = typeof window === 'undefined' ? null : readStoredToken();
  return { status: token ? 'pending' : 'anonymous', token, user: null, business: null, roles: [] };
}

/** The signed-in principal of this tab. */
export const $session = atom<SessionState>(initial());

/** The current bearer token (for the API client). */
export function currentToken(): string | null {
  return $session.get().token;
}

/** A year, for the language cookie. */
const LANG_COOKIE_AGE = 365 * 24 * 3600;

/** Remembers the user's language for server-rendered pages (the cookie the layouts read). */
export function rememberLang(userLang: string | null | undefined): void {
  const lang = langFromQuery(userLang);
  if (lang) writeCookie(LANG_COOKIE, lang, LANG_COOKIE_AGE);
}

/**
 * Stores a new session (after login, register or change-password): token in sessionStorage and
 * the tab cookie; with a user, the user and the user's language too.
 */
export function setSession(input: { token: string; expiresAt?: string; user?: TUser }): void {
  store.set(TOKEN_KEY, input.token);
  if (input.expiresAt) store.set(EXPIRES_KEY, input.expiresAt);
  writeCookie(TAB_COOKIE, input.token);
  if (input.user) rememberLang(input.user.attributes.lang);
  const current = $session.get();
  $session.set({
    status: input.user ? 'ready' : 'pending',
    token: input.token,
    user: input.user ?? current.user,
    business: current.business,
    roles: input.user ? rolesOf(input.user.id, current.business) : current.roles,
  });
}

/** Replaces the loaded user (after PUT /v1/user or accepting terms). */
export function setUser(user: TUser): void {
  const current = $session.get();
  rememberLang(user.attributes.lang);
  $session.set({ ...current, user, roles: rolesOf(user.id, current.business) });
}

/** Forgets the session in this browser: sessionStorage and the tab cookie. */
export function clearSession(): void {
  store.remove(TOKEN_KEY);
  store.remove(EXPIRES_KEY);
  deleteCookie(TAB_COOKIE);
  $session.set({ status: 'anonymous', token: null, user: null, business: null, roles: [] });
}

let loading: Promise<SessionState> | null = null;

/**
 * Loads the user and their business role (GET /v1/user, GET /v2/businesses/user; 404
 * NO_BUSINESS means a plain user). Concurrent callers share one load; anonymous resolves at once.
 * A 401 goes through the client's rule (remember path, log out).
 */
export function loadSession(force = false): Promise<SessionState> {
  const current = $session.get();
  if (!current.token) return Promise.resolve(current);
  if (current.status === 'ready' && !force) return Promise.resolve(current);
  if (loading) return loading;
  $session.set({ ...current, status: 'loading' });
  loading = (async () => {
    try {
      const [user, business] = await Promise.all([
        request<TUser>('GET', '/v1/user'),
        request<TBusiness>('GET', '/v2/businesses/user').catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
      ]);
      rememberLang(user.attributes.lang);
      const next: SessionState = {
        status: 'ready',
        token: $session.get().token,
        user,
        business,
        roles: rolesOf(user.id, business),
      };
      if (!next.token) return $session.get();
      $session.set(next);
      return next;
    } catch (error) {
      const now = $session.get();
      if (now.status === 'loading') $session.set({ ...now, status: 'pending' });
      throw error;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Remembers where to return after login (not for /login or /logout themselves). */
export function rememberPath(path: string): void {
  if (/^\/(login|logout)(\/|\?|$)/.test(path)) return;
  store.set(REDIRECT_KEY, path);
}

/** The remembered path (cleared), or /dashboard: where login sends the user. */
export function takeRememberedPath(fallback = '/dashboard'): string {
  const path = store.get(REDIRECT_KEY);
  store.remove(REDIRECT_KEY);
  return safeRedirectPath(path, fallback);
}

let leaving: Promise<void> | null = null;

/**
 * Logs out: revokes the token on the server (best effort), forgets it here and goes to `to`
 * (default /login).
 */
export function logout(to = '/login'): Promise<void> {
  // One logout at a time: a second caller (user menu, a 401) waits for the first.
  leaving ??= (async () => {
    if ($session.get().token) {
      try {
        await request('POST', '/v1/logout');
      } catch {
        // the token is forgotten either way; the server drops it after 24 h at the latest
      }
    }
    clearSession();
    // replace, not assign: Back must not return to /logout and sign out again.
    window.location.replace(to);
  })();
  return leaving;
}
