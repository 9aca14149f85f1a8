/**
 * Who may open a site page (spec section 6), on the roles shared derives (`rolesOf`: admin also
 * holds member and user; member also holds user). Pure: used by the guard and its tests.
 */
import { freeMigrationDue } from '@signet/shared/plan/plan.rules';
import { hasRole, type TRole, type TRoleSet } from '@signet/shared/roles/roles.rules';
import { HOME_PATH } from '@signet/shared/session/session.constants';
import type { TFreeAccountType } from '@signet/shared/user/user.constants';

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

/** What the user's business asks of them on entering a page (spec section 6), at most one. */
export type BusinessDuty =
  /** They are a member who has not answered the invitation: the business invitation dialog. */
  | { kind: 'invitation'; businessName: string }
  /** They were removed, or the business was deleted: the business downgraded dialog. */
  | { kind: 'downgraded'; reason: 'removed' | 'deleted' }
  /** Their business is locked and they are not its admin: the locked-member dialog. */
  | { kind: 'locked'; businessName: string };

/**
 * The business duty of a signed-in user on `path`, or null. The invitation page answers the
 * invitation itself, so no dialog is opened there.
 */
export function businessDuty(
  user: {
    id: string;
    attributes: {
      acceptedBusinessInvite: boolean;
      businessDeleted: boolean;
      removedFromBusiness: boolean;
    };
  },
  business: { name: string; admins: readonly string[]; locked: boolean } | null,
  path: string,
): BusinessDuty | null {
  if (business && !user.attributes.acceptedBusinessInvite) {
    return path.startsWith('/invite/') ? null : { kind: 'invitation', businessName: business.name };
  }
  if (user.attributes.businessDeleted) return { kind: 'downgraded', reason: 'deleted' };
  if (user.attributes.removedFromBusiness) return { kind: 'downgraded', reason: 'removed' };
  if (business?.locked && !business.admins.includes(user.id)) {
    return { kind: 'locked', businessName: business.name };
  }
  return null;
}

/**
 * Whether the free migration dialog is due on `path`: on the dashboard, for an account still on
 * the legacy free plan without a business seat (shared's `freeMigrationDue`; a legacy account
 * has no individual plan, since buying one moves it to `free_migrated`). The guard asks once
 * per tab session.
 */
export function freeMigrationDuty(
  user: { attributes: { freeAccountType: TFreeAccountType } },
  business: object | null,
  path: string,
): boolean {
  return (
    path === HOME_PATH &&
    freeMigrationDue({
      freeAccountType: user.attributes.freeAccountType,
      individualPlan: null,
      businessSeat: business !== null,
    })
  );
}
