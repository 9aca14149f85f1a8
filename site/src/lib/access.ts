/**
 * Who may open a site page (spec section 6), on the roles shared derives (`rolesOf`: admin also
 * holds member and user; member also holds user). Pure: used by the guard and its tests.
 */
import { hasRole, type TRole, type TRoleSet } from '@signet/shared/roles/roles.rules';

/** Who a page is for: one role of spec section 6. */
export type Access = TRole;

export type AccessDecision =
  | { kind: 'allow' }
  /** Not signed in: remember the wanted path and go to /login. */
  | { kind: 'login' }
  /** Signed in but lacking the role: the 404 page. */
  | { kind: 'not-found' }
  /** Signed in on a page only for the unauthenticated (login, signup): go to the dashboard. */
  | { kind: 'home' };

/**
 * What happens on a page with `access` (exactly that role when `strict`) for a principal
 * holding `roles` (`{unauthenticated}` when not signed in).
 */
export function decideAccess(access: Access, strict: boolean, roles: TRoleSet): AccessDecision {
  const signedIn = !roles.has('unauthenticated');
  if (access === 'unauthenticated') {
    return strict && signedIn ? { kind: 'home' } : { kind: 'allow' };
  }
  if (!signedIn) return { kind: 'login' };
  return hasRole(roles, access, strict) ? { kind: 'allow' } : { kind: 'not-found' };
}

/** Paths a user flagged weakPassword may still open. */
const WEAK_PASSWORD_ALLOWED = ['/profile/change-password', '/logout'];

/** Follow-up duties after access is allowed for a signed-in user. */
export function pendingDuties(
  user: { attributes: { weakPassword: boolean; acceptedGtc: boolean } },
  path: string,
): { changePassword: boolean; acceptTerms: boolean } {
  const changePassword =
    user.attributes.weakPassword &&
    !WEAK_PASSWORD_ALLOWED.some((p) => path === p || path.startsWith(`${p}/`));
  return { changePassword, acceptTerms: !changePassword && !user.attributes.acceptedGtc };
}
