/**
 * Business console access rules (spec section 2 "Business routes" and section 6 "Business
 * routes"). Pure: the route guard feeds it the path and the caller's role and acts on the answer.
 */

/** The caller's role as far as the console is concerned; admin holds member holds user. */
export const CONSOLE_ROLES = ['unauthenticated', 'user', 'member', 'admin'] as const;
export type TConsoleRole = (typeof CONSOLE_ROLES)[number];

/**
 * Who a business route is for:
 * - `admin`: business admins;
 * - `user-strict`: exactly a user without a business (registration);
 * - `user-or-admin-strict`: a user without a business or an admin, not a plain member (upgrade);
 * - `unauthenticated`: signed-out visitors (business signup).
 */
export type TRouteAccess = 'admin' | 'user-strict' | 'user-or-admin-strict' | 'unauthenticated';

/** Every business route of spec section 2, with its access; `:name` is a path parameter. */
export const BUSINESS_ROUTES: readonly { readonly path: string; readonly access: TRouteAccess }[] =
  [
    { path: '/business/dashboard', access: 'admin' },
    { path: '/business/activity', access: 'admin' },
    { path: '/business/settings', access: 'admin' },
    { path: '/business/seals', access: 'admin' },
    { path: '/business/seals/:accountname', access: 'admin' },
    { path: '/business/billing/plan', access: 'admin' },
    { path: '/business/extras', access: 'admin' },
    { path: '/business/members', access: 'admin' },
    { path: '/business/members/domains', access: 'admin' },
    { path: '/business/members/signer-groups', access: 'admin' },
    { path: '/business/profile', access: 'admin' },
    { path: '/business/profile/aes-for-business', access: 'admin' },
    { path: '/business/developers/api', access: 'admin' },
    { path: '/business/upgrade', access: 'user-or-admin-strict' },
    { path: '/business/register', access: 'user-strict' },
    { path: '/business/signup', access: 'unauthenticated' },
    { path: '/business/signup/steps', access: 'unauthenticated' },
    { path: '/business/signup/mail-sent', access: 'unauthenticated' },
    { path: '/business/welcome', access: 'admin' },
  ];

/** Old or bare paths that lead elsewhere before any role check. */
export const BUSINESS_ALIASES: Readonly<Record<string, string>> = {
  '/business': '/business/dashboard',
  '/business/members/activity': '/business/activity',
};

export const BUSINESS_PROFILE_PATH = '/business/profile';
export const BUSINESS_REGISTER_PATH = '/business/register';
/** The site's home; plain members are sent there with a 'not allowed' message. */
export const SITE_HOME_PATH = '/';

export type TAccessDecision =
  /** Render the page. */
  | { kind: 'allow' }
  /** Go to `to` (absolute path; inside the console when it starts with /business). */
  | { kind: 'redirect'; to: string }
  /** Show the 'not allowed' snackbar and go to `to` (the site). */
  | { kind: 'not-allowed'; to: string }
  /** Sign in first; `next` is the path to restore afterwards. */
  | { kind: 'login'; next: string };

/** Drops a trailing slash (but keeps `/`). */
export function normalisePath(path: string): string {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  return clean.length > 1 && clean.endsWith('/') ? clean.replace(/\/+$/, '') || '/' : clean;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) =>
    segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i],
  );
}

/** The access of a business route, or undefined for a path that is not one (a 404). */
export function routeAccess(path: string): TRouteAccess | undefined {
  const clean = normalisePath(path);
  return BUSINESS_ROUTES.find((route) => matches(route.path, clean))?.access;
}

/**
 * Decides what happens when `role` opens `path` (absolute, starting with /business).
 * Unknown paths are allowed through so the console can show its 404 page.
 */
export function decideAccess(path: string, role: TConsoleRole): TAccessDecision {
  const clean = normalisePath(path);
  const alias = BUSINESS_ALIASES[clean];
  if (alias) return { kind: 'redirect', to: alias };

  const access = routeAccess(clean);
  if (!access) return { kind: 'allow' };

  if (role === 'unauthenticated') {
    return access === 'unauthenticated' ? { kind: 'allow' } : { kind: 'login', next: clean };
  }

  switch (role) {
    case 'admin':
      if (access === 'user-strict' || access === 'unauthenticated') {
        return { kind: 'redirect', to: BUSINESS_PROFILE_PATH };
      }
      return { kind: 'allow' };
    case 'member':
      return { kind: 'not-allowed', to: SITE_HOME_PATH };
    case 'user':
      if (access === 'user-strict' || access === 'user-or-admin-strict') return { kind: 'allow' };
      return { kind: 'redirect', to: BUSINESS_REGISTER_PATH };
  }
}

/**
 * The caller's console role from their business (`GET /v2/businesses/user`, null on 404
 * NO_BUSINESS): admin if their id is among the admins, member if among the members, else user.
 */
export function consoleRole(
  userId: string,
  business: { admins: readonly string[]; members: readonly string[] } | null,
): Exclude<TConsoleRole, 'unauthenticated'> {
  if (!business) return 'user';
  if (business.admins.includes(userId)) return 'admin';
  if (business.members.includes(userId)) return 'member';
  return 'user';
}
