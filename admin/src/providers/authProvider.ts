import type { AuthProvider, UserIdentity } from 'react-admin';
import { consoleRole, type TConsoleRole } from '../access.ts';
import {
  type ConsoleSession,
  errorStatus,
  fetchMyBusiness,
  fetchUser,
  logoutSession,
} from './api.ts';
import { clearToken, getToken, LOGIN_PATH, REDIRECT_STORAGE_KEY } from './session.ts';

/** How long a loaded session (user + business) is reused between page changes. */
const SESSION_TTL_MS = 30_000;

let cached: { token: string; at: number; promise: Promise<ConsoleSession | null> } | null = null;

async function load(): Promise<ConsoleSession | null> {
  let user: Awaited<ReturnType<typeof fetchUser>>;
  try {
    user = await fetchUser();
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
  const business = await fetchMyBusiness();
  return { user, business, role: consoleRole(user.id, business) };
}

/**
 * The signed-in user, their business and console role; null without a valid session.
 * Cached briefly so page changes do not refetch; `fresh` forces a reload.
 */
export function loadSession(fresh = false): Promise<ConsoleSession | null> {
  const token = getToken();
  if (!token) return Promise.resolve(null);
  const now = Date.now();
  if (!fresh && cached && cached.token === token && now - cached.at < SESSION_TTL_MS) {
    return cached.promise;
  }
  const promise = load();
  cached = { token, at: now, promise };
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  return promise;
}

/** Drops the cached session (after creating a business, after logout). */
export function forgetSession(): void {
  cached = null;
}

/** The site's login page as an absolute URL: react-admin leaves the SPA for absolute URLs. */
function loginUrl(): string {
  return new URL(LOGIN_PATH, window.location.origin).href;
}

/** Remembers where the user wanted to go, for the site's login page to restore. */
function rememberWantedPath(): void {
  const { pathname, search, hash } = window.location;
  sessionStorage.setItem(REDIRECT_STORAGE_KEY, `${pathname}${search}${hash}`);
}

/**
 * Authentication on the site's session (no second login): the token comes from session storage
 * or the tab cookie; without a valid one the browser goes to the site's /login.
 */
export const authProvider: AuthProvider = {
  // The site owns the login form; the console never shows react-admin's.
  login: () => Promise.reject(new Error('The console signs in through the site.')),

  async checkAuth() {
    const session = await loadSession().catch((error: unknown) => {
      // A server or network failure is not a missing session: stay, the page shows the error.
      if (errorStatus(error) === 401) return null;
      return undefined;
    });
    if (session === null) {
      rememberWantedPath();
      throw { redirectTo: loginUrl(), message: false };
    }
  },

  async checkError(error: unknown) {
    if (errorStatus(error) !== 401) return;
    forgetSession();
    rememberWantedPath();
    throw { redirectTo: loginUrl(), message: false };
  },

  async logout() {
    const token = getToken();
    forgetSession();
    if (token) {
      // The session ends on our side whatever the server answers (it may already be gone).
      await logoutSession().catch(() => undefined);
    }
    clearToken();
    return loginUrl();
  },

  async getIdentity(): Promise<UserIdentity> {
    const session = await loadSession();
    if (!session) throw new Error('Not signed in');
    const { user } = session;
    const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
    return { id: user.id, fullName, email: user.email };
  },

  /** 'admin' | 'member' | 'user' from `GET /v2/businesses/user`. */
  async getPermissions(): Promise<Exclude<TConsoleRole, 'unauthenticated'>> {
    const session = await loadSession();
    if (!session) throw { redirectTo: loginUrl(), message: false };
    return session.role;
  },
};
