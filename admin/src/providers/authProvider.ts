import { ApiError } from '@signet/shared/api/browser';
import { openWhileLocked } from '@signet/shared/billing/billing.rules';
import {
  clearSession,
  currentPath,
  leaveForLogin,
  readToken,
  rememberPath,
} from '@signet/shared/session/session';
import { LOGIN_PATH } from '@signet/shared/session/session.constants';
import type { AuthProvider, UserIdentity } from 'react-admin';
import {
  decideAccess,
  isPublicConsolePath,
  type TConsoleRole,
  type TPageAccess,
} from '../access.ts';
import { RESOURCES } from '../resources.ts';
import { forgetSession, loadSession } from '../session.ts';
import { api, call } from './client.ts';

/** Who a resource is for; business resources are for admins. */
export function accessOf(resource: string): TPageAccess {
  return RESOURCES.find((r) => r.name === resource)?.access ?? 'admin';
}

/** The site's login page as an absolute URL: react-admin leaves the SPA for absolute URLs. */
function loginUrl(): string {
  return new URL(LOGIN_PATH, window.location.origin).href;
}

/**
 * No session: remember this page, go to the site's login and wait there. The browser leaves by
 * itself rather than through react-admin's redirect, which its own router can overtake (a
 * history change right after it cancels the navigation).
 */
export function leaveConsoleForLogin(): Promise<never> {
  rememberPath(currentPath());
  leaveForLogin();
  return new Promise<never>(() => {});
}

/** The caller's console role; a failed load is not a missing session (the page shows it). */
async function role(): Promise<TConsoleRole> {
  const session = await loadSession();
  return session ? session.role : 'unauthenticated';
}

/** The path below /business the browser is on. */
export function consolePath(): string {
  return window.location.pathname.replace(/^\/business/, '') || '/';
}

/**
 * Authentication on the site's session (no second login) and access by the rules of spec
 * section 6 (access.ts): react-admin asks `canAccess` for every resource view and menu entry;
 * the pages that are not resources say who they are for where they are routed (App.tsx).
 */
export const authProvider: AuthProvider = {
  // The site owns the login form; the console never shows react-admin's.
  login: () => Promise.reject(new Error('The console signs in through the site.')),

  async checkAuth() {
    const session = await loadSession().catch((error: unknown) =>
      // A server or network failure is not a missing session: stay, the page shows the error.
      ApiError.of(error).status === 401 ? null : undefined,
    );
    if (session === null) {
      // The business signup is for signed-out visitors: no login there, its pages show.
      if (isPublicConsolePath(consolePath())) throw new Error('Not signed in');
      leaveConsoleForLogin();
    }
  },

  async checkError(error: unknown) {
    // The API client has already ended the session and left for /login on a 401.
    if ((error as { status?: unknown })?.status !== 401) return;
    forgetSession();
    throw { redirectTo: false, logoutUser: false, message: false };
  },

  async logout() {
    forgetSession();
    // The session ends on our side whatever the server answers (it may already be gone).
    if (readToken()) await call(api.logout).catch(() => undefined);
    clearSession();
    return loginUrl();
  },

  async getIdentity(): Promise<UserIdentity> {
    const session = await loadSession();
    if (!session) throw new Error('Not signed in');
    const { user } = session;
    const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
    return { id: user.id, fullName, email: user.email };
  },

  /** 'admin' | 'member' | 'user' | 'unauthenticated' (from `GET /v2/businesses/user`). */
  async getPermissions(): Promise<TConsoleRole> {
    return role();
  },

  /** Whether the caller may use a resource at all: spec section 6, access.ts. */
  async canAccess({ resource }) {
    const session = await loadSession();
    const locked = Boolean(session?.business?.locked) && !openWhileLocked(resource);
    return (
      decideAccess(accessOf(resource), session ? session.role : 'unauthenticated', locked).kind ===
      'allow'
    );
  },
};
