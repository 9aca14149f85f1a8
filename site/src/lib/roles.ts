/**
 * Roles and route access (spec section 6). Admin also holds member and user; member also holds
 * user. A strict route requires exactly the named role. Pure: used by the guard and its tests.
 */

export const ACCESS_LEVELS = ['unauthenticated', 'user', 'member', 'admin', 'nas'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export type Role = 'user' | 'member' | 'admin' | 'nas';

/** The roles a signed-in user holds, from their id and their business (null: none). */
export function rolesOf(
  userId: string,
  business: { admins: readonly string[]; members: readonly string[] } | null,
): Role[] {
  if (!business) return ['user'];
  if (business.admins.includes(userId)) return ['admin', 'member', 'user'];
  if (business.members.includes(userId)) return ['member', 'user'];
  return ['user'];
}

/** The one role a strict route compares with: the highest the principal holds. */
export function topRole(roles: readonly Role[]): Role | 'unauthenticated' {
  for (const role of ['nas', 'admin', 'member', 'user'] as const)
    if (roles.includes(role)) return role;
  return 'unauthenticated';
}

export type AccessDecision =
  | { kind: 'allow' }
  /** Not signed in: remember the wanted path and go to /login. */
  | { kind: 'login' }
  /** Signed in but lacking the role: the 404 page. */
  | { kind: 'not-found' }
  /** Signed in on a page only for the unauthenticated (login, signup): go to the dashboard. */
  | { kind: 'home' };

/**
 * Decides what happens on a page with the given access for a principal holding `roles`
 * (empty when not signed in).
 */
export function decideAccess(
  access: Access,
  strict: boolean,
  roles: readonly Role[],
): AccessDecision {
  const signedIn = roles.length > 0;
  if (access === 'unauthenticated') {
    return strict && signedIn ? { kind: 'home' } : { kind: 'allow' };
  }
  if (!signedIn) return { kind: 'login' };
  const allowed = strict ? topRole(roles) === access : roles.includes(access);
  return allowed ? { kind: 'allow' } : { kind: 'not-found' };
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

/** A remembered redirect target must be a same-site path (no `//host`, no scheme). */
export function safeRedirectPath(
  value: string | null | undefined,
  fallback = '/dashboard',
): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/^\/(login|logout)(\/|\?|$)/.test(value)) return fallback;
  return value;
}
