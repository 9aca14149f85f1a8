import type { TBusiness } from '@signet/shared/business/business.schema';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_S, toLang } from '@signet/shared/i18n/lang.rules';
import { rolesOf, type TRoleSet } from '@signet/shared/roles/roles.rules';
import { writeCookie } from '@signet/shared/session/cookies';
import {
  clearSession as forgetSession,
  leaveForLogin,
  readToken,
  writeSession,
} from '@signet/shared/session/session';
import { LOGIN_PATH } from '@signet/shared/session/session.constants';
import type { TUser } from '@signet/shared/user/user.schema';
import { atom } from 'nanostores';
import { api, call } from '../lib/api.ts';

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
  /** `{unauthenticated}` until the user is known. */
  roles: TRoleSet;
};

const ANONYMOUS = rolesOf({});

function initial(): SessionState {
  const token = typeof window === 'undefined' ? null : readToken();
  return {
    status: token ? 'pending' : 'anonymous',
    token,
    user: null,
    business: null,
    roles: ANONYMOUS,
  };
}

/** The signed-in principal of this tab. */
export const $session = atom<SessionState>(initial());

/** Remembers the user's language for server-rendered pages (the cookie the middleware reads). */
export function rememberLang(userLang: string | null | undefined): void {
  const lang = toLang(userLang);
  if (lang) writeCookie(LANG_COOKIE, lang, LANG_COOKIE_MAX_AGE_S);
}

const rolesFor = (user: TUser | null, business: TBusiness | null): TRoleSet =>
  user ? rolesOf({ userId: user.id, business }) : ANONYMOUS;

/**
 * Stores a new session (after login, register or change-password) in this tab and the cookie;
 * with a user, the user and the user's language too.
 */
export function startSession(input: { token: string; expiresAt?: string; user?: TUser }): void {
  writeSession(input);
  if (input.user) rememberLang(input.user.attributes.lang);
  const current = $session.get();
  const user = input.user ?? current.user;
  $session.set({
    status: input.user ? 'ready' : 'pending',
    token: input.token,
    user,
    business: current.business,
    roles: rolesFor(user, current.business),
  });
}

/** Replaces the loaded user (after PUT /v1/user or accepting terms). */
export function setUser(user: TUser): void {
  const current = $session.get();
  rememberLang(user.attributes.lang);
  $session.set({ ...current, user, roles: rolesFor(user, current.business) });
}

/** Forgets the session in this browser (storage and cookie) and in the store. */
export function clearSession(): void {
  forgetSession();
  $session.set({ status: 'anonymous', token: null, user: null, business: null, roles: ANONYMOUS });
}

let loading: Promise<SessionState> | null = null;

/**
 * Loads the user and their business (GET /v1/user, GET /v2/businesses/user; a user without a
 * business gets `null`). Concurrent callers share one load; anonymous resolves at once. A 401
 * goes through the client's rule (remember path, log out).
 */
export function loadSession(force = false): Promise<SessionState> {
  const current = $session.get();
  if (!current.token) return Promise.resolve(current);
  if (current.status === 'ready' && !force) return Promise.resolve(current);
  if (loading) return loading;
  $session.set({ ...current, status: 'loading' });
  loading = (async () => {
    try {
      const [user, business] = await Promise.all([call(api.getUser), call(api.getUserBusiness)]);
      rememberLang(user.attributes.lang);
      const next: SessionState = {
        status: 'ready',
        token: $session.get().token,
        user,
        business,
        roles: rolesFor(user, business),
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

let leaving: Promise<void> | null = null;

/** How long signing out waits for the server to revoke the session before leaving anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * Logs out: revokes the token on the server (best effort), forgets it here and goes to `to`
 * (default /login).
 */
export function logout(to = LOGIN_PATH): Promise<void> {
  // One logout at a time: a second caller (user menu, a 401) waits for the first.
  leaving ??= (async () => {
    if ($session.get().token) {
      try {
        // A server that does not answer must not keep the user on /logout.
        await call(api.logout, {}, { timeout: LOGOUT_WAIT_MS });
      } catch {
        // the token is forgotten either way; the server drops it after 24 h at the latest
      }
    }
    clearSession();
    // replace, not assign: Back must not return to /logout and sign out again. To /login through
    // leaveForLogin: the page's guard, seeing the session gone, leaves for /login as well, and a
    // second navigation racing this one stranded the browser on /logout (e2e, loaded machine).
    if (to === LOGIN_PATH) leaveForLogin();
    else window.location.replace(to);
  })();
  return leaving;
}
