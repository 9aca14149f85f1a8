import { apiErrorOf, call, createClient } from '@signet/shared/api/client';
import { routes } from '@signet/shared/api/routes';
import type { TBusiness, TCreateBusiness } from '@signet/shared/business/business.schema';
import type { TUser, TUserLang } from '@signet/shared/user/user.schema';
import type { TConsoleRole } from '../access.ts';
import { clearToken, getToken } from './session.ts';

/** The API client of the console, on the site's session token. */
export const client = createClient({
  getAuth: () => {
    const token = getToken();
    return token ? { type: 'bearer', token } : null;
  },
  // The session is gone: forget the token so the next auth check sends the user to /login.
  onUnauthorized: () => clearToken(),
});

/** What the console knows about the signed-in user. */
export type ConsoleSession = {
  user: TUser;
  business: TBusiness | null;
  role: Exclude<TConsoleRole, 'unauthenticated'>;
};

/** The HTTP status of a failed call, if it got that far. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' ? status : undefined;
}

export function fetchUser(): Promise<TUser> {
  return call(client, routes.getUser);
}

/** The caller's business, or null when they have none (404 NO_BUSINESS). */
export async function fetchMyBusiness(): Promise<TBusiness | null> {
  try {
    return await call(client, routes.getUserBusiness);
  } catch (error) {
    if (apiErrorOf(error)?.code === 'NO_BUSINESS') return null;
    throw error;
  }
}

/** Creates a business with the caller as its first admin. */
export function createBusiness(body: TCreateBusiness): Promise<TBusiness> {
  return call(client, routes.createBusiness, { body });
}

/** Revokes the current session on the server. */
export function logoutSession(): Promise<unknown> {
  return call(client, routes.logout);
}

/** Saves the account language (a link code: en, de or fr). */
export function saveUserLang(lang: TUserLang): Promise<TUser> {
  return call(client, routes.updateUser, { body: { attributes: { lang } } });
}
