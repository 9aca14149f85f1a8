/**
 * What the account pages need around the shell's session store (stores/session.ts): the loaded
 * user as hooks, a snackbar that survives a navigation, and the navigation state of the signup
 * and reset flows (the address a mail went to, a referral code, an invitation's destination).
 */
import { useStore } from '@nanostores/react';
import { deleteCookie, readCookie, writeCookie } from '@signet/shared/session/cookies';
import { safeRedirectPath, tabStorage } from '@signet/shared/session/session';
import { REFERRAL_QUERY } from '@signet/shared/ui/ui.constants';
import type { TUser } from '@signet/shared/user/user.schema';
import { useEffect, useState } from 'react';
import { SITE_COOKIES, SITE_KEYS } from '../../lib/storage.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { type SnackbarVariant, showSnackbar } from '../../stores/snackbars.ts';

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

/**
 * A snackbar now; with `acrossNavigation`, kept in sessionStorage and shown by the next page's
 * island (a snackbar shown right before `location.assign` would vanish with the page).
 */
export function notify(
  message: string,
  variant: SnackbarVariant = 'info',
  acrossNavigation = false,
): void {
  if (acrossNavigation) tabStorage.set(SITE_KEYS.flash, JSON.stringify({ message, variant }));
  else showSnackbar({ message, variant });
}

/** Shows a snackbar stashed by the previous page, once. */
export function useFlash(): void {
  useEffect(() => {
    const raw = tabStorage.get(SITE_KEYS.flash);
    if (!raw) return;
    tabStorage.remove(SITE_KEYS.flash);
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
  tabStorage.set(SITE_KEYS.mailSentTo(flow), email);
}

const REFERRAL_MAX_AGE_S = 30 * 24 * 3600;
const REFERRAL_RE = /^[A-Za-z0-9_-]{1,100}$/;

/** Stores the `ucc` query of the current page as the referral code (spec section 9). */
export function rememberReferral(): void {
  const ucc = new URLSearchParams(window.location.search).get(REFERRAL_QUERY)?.trim();
  if (ucc && REFERRAL_RE.test(ucc)) writeCookie(SITE_COOKIES.referral, ucc, REFERRAL_MAX_AGE_S);
}

/** The referral code: this page's `ucc` query, else the stored one. */
export function readReferral(): string | null {
  rememberReferral();
  const value = readCookie(SITE_COOKIES.referral);
  return value && REFERRAL_RE.test(value) ? value : null;
}

const AFTER_SIGNUP_MAX_AGE_S = 24 * 60 * 60;

/**
 * An invitation sends a new address to `/signup?email=…&redirect=/view/{id}`. The confirmation
 * link opens in another tab, so the destination is kept in a cookie (shared by tabs, one day,
 * same-site paths only) rather than in this tab's sessionStorage.
 */
export function rememberSignupRedirect(): void {
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  const path = safeRedirectPath(redirect, '');
  if (path) writeCookie(SITE_COOKIES.afterSignup, path, AFTER_SIGNUP_MAX_AGE_S);
}

/**
 * Where registering sends the user: the page's own `redirect` (an invitation's signup link,
 * `/signup/steps?token=…&redirect=/view/{id}`, carries it), else the remembered invitation
 * (consumed), else /welcome.
 */
export function afterSignupPath(): string {
  const remembered = safeRedirectPath(readCookie(SITE_COOKIES.afterSignup), '/welcome');
  deleteCookie(SITE_COOKIES.afterSignup);
  const own = new URLSearchParams(window.location.search).get('redirect');
  return safeRedirectPath(own, remembered);
}
