/**
 * Who may open a console page (spec section 2 "Business routes" and section 6). Pure: the
 * authProvider's `canAccess` and the access-denied page ask it with the caller's role.
 */
import { primaryRole, rolesOf } from '@signet/shared/roles/roles.rules';

/** The caller's role as far as the console is concerned; admin holds member holds user. */
export type TConsoleRole = 'unauthenticated' | 'user' | 'member' | 'admin';

/**
 * Who a console page is for:
 * - `admin`: business admins (every page of a resource, unless it says otherwise);
 * - `user-strict`: exactly a user without a business (registration);
 * - `user-or-admin-strict`: a user without a business or an admin, not a plain member (upgrade);
 * - `unauthenticated`: signed-out visitors (business signup).
 */
export type TPageAccess = 'admin' | 'user-strict' | 'user-or-admin-strict' | 'unauthenticated';

/** The console's own URLs the rules send people to (react-router paths below /business). */
export const CONSOLE_PATHS = {
  profile: '/profile',
  register: '/register',
  dashboard: '/dashboard',
  members: '/members',
  billingPlan: '/billing/plan',
  upgrade: '/upgrade',
  signup: '/signup',
  welcome: '/welcome',
} as const;

/** Console paths (below /business) a signed-out visitor may open: the business signup. */
export function isPublicConsolePath(path: string): boolean {
  return path === CONSOLE_PATHS.signup || path.startsWith(`${CONSOLE_PATHS.signup}/`);
}

/** The site's home; plain members are sent there with a 'not allowed' message. */
export const SITE_HOME_PATH = '/';

export type TAccessDecision =
  /** Show the page. */
  | { kind: 'allow' }
  /** Go to another console page. */
  | { kind: 'redirect'; to: string }
  /** Show the 'not allowed' snackbar, then leave for `to` (the site). */
  | { kind: 'not-allowed'; to: string }
  /** Sign in first (the page is remembered). */
  | { kind: 'login' };

/**
 * The caller's console role from their business (`GET /v2/businesses/user`, null when none):
 * shared's roles, most specific first.
 */
export function consoleRole(
  userId: string,
  business: { admins: readonly string[]; members: readonly string[] } | null,
): Exclude<TConsoleRole, 'unauthenticated'> {
  const role = primaryRole(rolesOf({ userId, business }));
  return role === 'admin' || role === 'member' ? role : 'user';
}

/**
 * What happens when `role` opens a page meant for `access` (spec section 6, business routes).
 * `locked`: the caller's business is locked and the page is not one that shared's
 * `openWhileLocked` keeps open (members, invitations, upgrade) — an admin then goes to the
 * members page.
 */
export function decideAccess(
  access: TPageAccess,
  role: TConsoleRole,
  locked = false,
): TAccessDecision {
  if (role === 'unauthenticated') {
    return access === 'unauthenticated' ? { kind: 'allow' } : { kind: 'login' };
  }
  switch (role) {
    case 'admin':
      // Admins are sent from registration and signup pages to the business profile.
      if (access === 'user-strict' || access === 'unauthenticated') {
        return { kind: 'redirect', to: CONSOLE_PATHS.profile };
      }
      if (locked) return { kind: 'redirect', to: CONSOLE_PATHS.members };
      return { kind: 'allow' };
    case 'member':
      // Members who are not admins get the 'not allowed' snackbar and go to the site.
      return { kind: 'not-allowed', to: SITE_HOME_PATH };
    case 'user':
      if (access === 'user-strict' || access === 'user-or-admin-strict') return { kind: 'allow' };
      // Users without a business go to registration.
      return { kind: 'redirect', to: CONSOLE_PATHS.register };
  }
}
