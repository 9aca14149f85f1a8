/**
 * The client side of route access (spec section 6), run by the shell island on every page that
 * declares an access. The server cannot see the token (sessionStorage), so pages that need a role
 * render hidden (`guard-pending`) until this decides.
 */

import { ApiError } from '@signet/shared/api/browser';
import { type TLang, toLang } from '@signet/shared/i18n/lang.rules';
import {
  currentPath,
  leaveForLogin,
  rememberPath,
  tabStorage,
} from '@signet/shared/session/session';
import { HOME_PATH } from '@signet/shared/session/session.constants';
import { $session, loadSession, type SessionState } from '../stores/session.ts';
import { showSnackbar } from '../stores/snackbars.ts';
import {
  type Access,
  type BusinessDuty,
  businessDuty,
  decideAccess,
  freeMigrationDuty,
  pendingDuties,
} from './access.ts';
import { getT } from './i18n.ts';
import { SITE_KEYS } from './storage.ts';

/** Id of the `<template>` with the server-rendered 404 page each guarded layout carries. */
export const NOT_FOUND_TEMPLATE_ID = 'signet-not-found';

function reveal(): void {
  document.body.classList.remove('guard-pending');
}

/** Replaces the page content with the 404 page, keeping the URL (spec: sent to the 404 page). */
export function showNotFound(): void {
  const template = document.getElementById(NOT_FOUND_TEMPLATE_ID) as HTMLTemplateElement | null;
  const content = document.getElementById('content');
  if (template && content) {
    content.replaceChildren(template.content.cloneNode(true));
    const title = template.dataset.title;
    if (title) document.title = title;
    reveal();
    return;
  }
  window.location.replace('/404');
}

/** After a user loaded: their language differs from the page's → reload once in theirs. */
function languageMismatch(state: SessionState, lang: TLang): boolean {
  const expected = toLang(state.user?.attributes.lang);
  if (!expected || expected === lang || window.location.pathname.startsWith('/direct-sign'))
    return false;
  if (tabStorage.get(SITE_KEYS.langReload) === currentPath()) return false;
  tabStorage.set(SITE_KEYS.langReload, currentPath());
  return true;
}

/**
 * Applies access for this page. Without `access` it only loads the session (for the user menu).
 */
export async function runGuard(opts: {
  access?: Access;
  strict?: boolean;
  lang: TLang;
}): Promise<void> {
  const { access, strict = false, lang } = opts;
  let state = $session.get();
  if (state.token) {
    try {
      state = await loadSession();
    } catch (error) {
      // 401 is handled by the client (remember path, log out); 5xx sends the user to /sorry.
      if (ApiError.of(error).status === 401) return;
      reveal();
      showSnackbar({ message: getT(lang)('dialog.failed'), variant: 'error' });
      return;
    }
  }
  if (state.user && languageMismatch(state, lang)) {
    window.location.reload();
    return;
  }
  if (!access) return;
  switch (decideAccess(access, strict, state.roles).kind) {
    case 'login':
      rememberPath(currentPath());
      leaveForLogin();
      return;
    case 'home':
      window.location.replace(HOME_PATH);
      return;
    case 'not-found':
      showNotFound();
      return;
    case 'allow':
      break;
  }
  if (state.user) {
    const duties = pendingDuties(state.user, window.location.pathname);
    if (duties.changePassword) {
      window.location.replace('/profile/change-password');
      return;
    }
    reveal();
    // Rarely needed: the dialog's code loads only then.
    if (duties.acceptTerms) {
      void import('../components/shell/accept-terms.tsx').then((m) => m.openAcceptTerms(lang));
      return;
    }
    const duty = businessDuty(state.user, state.business, window.location.pathname);
    if (duty) {
      void openBusinessDuty(duty, lang);
      return;
    }
    if (
      freeMigrationDuty(state.user, state.business, window.location.pathname) &&
      !tabStorage.get(SITE_KEYS.freeMigrationAsked)
    ) {
      tabStorage.set(SITE_KEYS.freeMigrationAsked, '1');
      const m = await import('../dialogs/general/free-migration.tsx');
      m.openFreeMigrationDialog(lang);
    }
    return;
  }
  reveal();
}

/** Opens the dialog of a business duty (its code loads only when one is due). */
async function openBusinessDuty(duty: BusinessDuty, lang: TLang): Promise<void> {
  switch (duty.kind) {
    case 'invitation': {
      const m = await import('../dialogs/business/business-invitation.tsx');
      m.openBusinessInvitationDialog(lang, duty.businessName);
      return;
    }
    case 'downgraded': {
      const m = await import('../dialogs/business/business-downgraded.tsx');
      m.openBusinessDowngradedDialog(lang, duty.reason);
      return;
    }
    case 'locked': {
      const m = await import('../dialogs/business/locked-member.tsx');
      m.openLockedMemberDialog(lang, duty.businessName);
      return;
    }
  }
}
