/**
 * The account pages' use of the shell's session store: thin helpers so each form reads as
 * "start session, go on". The state itself lives in stores/session.ts.
 */
import { useStore } from '@nanostores/react';
import type { TSession, TSessionWithUser, TUser } from '@signet/shared/user/user.schema';
import { useEffect, useState } from 'react';
import { safeRedirectPath } from '../../lib/roles.ts';
import { deleteCookie, readCookie, session as storage, writeCookie } from '../../lib/storage.ts';
import {
  $session,
  loadSession,
  rememberLang,
  setSession,
  setUser,
  takeRememberedPath,
} from '../../stores/session.ts';
import { type SnackbarVariant, showSnackbar } from '../../stores/snackbars.ts';

/** After login or register: token, expiry and user into the store (and the tab cookie). */
export function startSession(result: TSessionWithUser): void {
  setSession(result);
}

/** After change-password: the new token replaces the old (all other sessions were revoked). */
export function replaceToken(result: TSession): void {
  setSession(result);
}

export function storeUser(user: TUser): void {
  setUser(user);
}

export function applyLanguage(lang: string): void {
  rememberLang(lang);
}

/** Where login sends the user: the remembered path (consumed), else /dashboard. */
export function afterLoginPath(): string {
  return takeRememberedPath('/dashboard');
}

/**
 * False during server rendering and the hydrating render, true after. The session lives in
 * this tab's storage, so the server never knows the user: the first client render must show
 * the same "not loaded" state, whatever the shell has loaded meanwhile.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The signed-in user as the shell has loaded it (null until then). */
export function useCurrentUser(): TUser | null {
  const state = useStore($session);
  const hydrated = useHydrated();
  useEffect(() => {
    if (state.token && state.status === 'pending') loadSession().catch(() => {});
  }, [state.token, state.status]);
  return hydrated ? state.user : null;
}

/** The signed-in user, reloaded from the server when the page opens (profile pages). */
export function useFreshUser(): TUser | null {
  const state = useStore($session);
  const hydrated = useHydrated();
  useEffect(() => {
    loadSession(true).catch(() => {});
  }, []);
  return hydrated && state.status === 'ready' ? state.user : null;
}

const FLASH_KEY = 'signet.account.flash';

/**
 * A snackbar now; with `acrossNavigation`, kept in sessionStorage and shown by the next page's
 * account island (a snackbar shown right before `location.assign` would vanish with the page).
 */
export function notify(
  message: string,
  variant: SnackbarVariant = 'info',
  acrossNavigation = false,
): void {
  if (acrossNavigation) storage.set(FLASH_KEY, JSON.stringify({ message, variant }));
  else showSnackbar({ message, variant });
}

/** Shows a snackbar stashed by the previous page, once. */
export function useFlash(): void {
  useEffect(() => {
    const raw = storage.get(FLASH_KEY);
    if (!raw) return;
    storage.remove(FLASH_KEY);
    try {
      const { message, variant } = JSON.parse(raw) as { message: string; variant: SnackbarVariant };
      showSnackbar({ message, variant });
    } catch {
      // a malformed entry is dropped
    }
  }, []);
}

/** E-mail typed on /signup or /password-reset, for the "mail sent" page that follows. */
export function rememberEmail(flow: 'signup' | 'reset', email: string): void {
  storage.set(`signet.account.${flow}Email`, email);
}

/** Cookie holding the referral code from a `ucc` query (spec section 9). */
export const REFERRAL_COOKIE = 'signet_ucc';
const REFERRAL_MAX_AGE = 30 * 24 * 3600;
const REFERRAL_RE = /^[A-Za-z0-9_-]{1,100}$/;

/** Stores the `ucc` query of the current page as the referral code. */
export function rememberReferral(): void {
  const ucc = new URLSearchParams(window.location.search).get('ucc')?.trim();
  if (ucc && REFERRAL_RE.test(ucc)) writeCookie(REFERRAL_COOKIE, ucc, REFERRAL_MAX_AGE);
}

const AFTER_SIGNUP_COOKIE = 'signet_after_signup';
const AFTER_SIGNUP_MAX_AGE = 24 * 60 * 60;

/**
 * An invitation sends a new address to `/signup?email=…&redirect=/view/{id}`. The confirmation
 * link opens in another tab, so the destination is kept in a cookie (shared by tabs, one day,
 * same-site paths only) rather than in this tab's sessionStorage.
 */
export function rememberSignupRedirect(): void {
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  const path = safeRedirectPath(redirect, '');
  if (path) writeCookie(AFTER_SIGNUP_COOKIE, path, AFTER_SIGNUP_MAX_AGE);
}

/** Where registering sends the user: the remembered invitation (consumed), else /welcome. */
export function afterSignupPath(): string {
  const path = safeRedirectPath(readCookie(AFTER_SIGNUP_COOKIE), '/welcome');
  deleteCookie(AFTER_SIGNUP_COOKIE);
  return path;
}

/** The referral code: this page's `ucc` query, else the stored one. */
export function readReferral(): string | null {
  rememberReferral();
  const value = readCookie(REFERRAL_COOKIE);
  return value && REFERRAL_RE.test(value) ? value : null;
}
