/**
 * Roles of spec section 6. A visitor without an id is `unauthenticated`; a direct signer is
 * `nas`; an account holder is `user`; business members add `member`; admins add `admin`.
 * Admin holds member and user; member holds user.
 */
export const ROLES = ['unauthenticated', 'nas', 'user', 'member', 'admin'] as const;
export type TRole = (typeof ROLES)[number];

/** A set of roles a principal holds. */
export type TRoleSet = ReadonlySet<TRole>;

/** What the roles are derived from. */
export type TRoleFacts = {
  /** The signed-in user's id; absent for a visitor. */
  userId?: string | null;
  /** Signed in with direct-sign basic credentials (no account). */
  isNas?: boolean;
  /** The caller's business, if any (`GET /v2/businesses/user`). */
  business?: { admins: readonly string[]; members: readonly string[] } | null;
};

/** Most specific first: the role a strict route compares against. */
const SPECIFICITY: readonly TRole[] = ['admin', 'member', 'user', 'nas', 'unauthenticated'];

/**
 * The roles a principal holds. No id → `{unauthenticated}`; a direct signer → `{nas}`; an
 * account → `user`, plus `member` when listed in the business's members or admins, plus `admin`
 * when listed in its admins.
 */
export function rolesOf(facts: TRoleFacts): Set<TRole> {
  if (!facts.userId) return new Set(['unauthenticated']);
  if (facts.isNas) return new Set(['nas']);
  const roles = new Set<TRole>(['user']);
  const business = facts.business;
  if (!business) return roles;
  const isAdmin = business.admins.includes(facts.userId);
  if (isAdmin || business.members.includes(facts.userId)) roles.add('member');
  if (isAdmin) roles.add('admin');
  return roles;
}

/** The most specific role held: admin > member > user > nas > unauthenticated. */
export function primaryRole(roles: TRoleSet): TRole {
  return SPECIFICITY.find((role) => roles.has(role)) ?? 'unauthenticated';
}

/**
 * Whether a principal may enter a route that requires `required` (one role or any of several).
 *
 * Not strict: holding the role is enough (an admin passes `user` and `member`). A route open to
 * `unauthenticated` is open to everyone. Strict: the principal's most specific role must be one
 * of the required roles exactly, so `/login` (unauthenticated, strict) refuses a signed-in user
 * and `/business/register` (user, strict) refuses a member.
 */
export function hasRole(
  roles: TRoleSet,
  required: TRole | readonly TRole[],
  strict = false,
): boolean {
  const wanted: readonly TRole[] = typeof required === 'string' ? [required] : required;
  if (strict) return wanted.includes(primaryRole(roles));
  return wanted.some((role) => role === 'unauthenticated' || roles.has(role));
}
