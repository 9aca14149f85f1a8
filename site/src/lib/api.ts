/**
 * The site's API client: shared's createClient with this tab's token and the client rules of
 * spec section 8 (401 → remember the path, forget the token, go to login; 5xx except 503 → /sorry).
 */
import {
  apiErrorOf,
  call,
  createClient,
  pathToRemember,
  type TCallArgs,
  type TClient,
} from '@signet/shared/api/client';
import type { RouteDef, RouteOutput } from '@signet/shared/api/route';
import { pageLang } from './i18n.ts';
import { statusPageUrl } from './status-pages.ts';
import {
  deleteCookie,
  EXPIRES_KEY,
  REDIRECT_KEY,
  session as store,
  TAB_COOKIE,
  TOKEN_KEY,
} from './storage.ts';

/** A failed API call: the server's `{ code, message, details? }` and the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

function onUnauthorized(): void {
  if (typeof window === 'undefined') return;
  const remember = pathToRemember(window.location.pathname + window.location.search);
  if (remember) store.set(REDIRECT_KEY, remember);
  store.remove(TOKEN_KEY);
  store.remove(EXPIRES_KEY);
  deleteCookie(TAB_COOKIE);
  // On /login there is nowhere to go; on /logout the page itself is already leaving for /login,
  // and a second navigation racing it can strand the browser on /logout.
  const here = window.location.pathname;
  if (here !== '/login' && here !== '/logout') window.location.assign('/login');
}

function onServerError(): void {
  if (typeof window === 'undefined') return;
  if (window.location.pathname === '/sorry') return;
  window.location.assign(statusPageUrl('/sorry', pageLang()));
}

/** The one client instance of the site (ofetch; base /api). */
export const client: TClient = createClient({
  baseURL: '/api',
  getAuth: () => {
    const token = typeof window === 'undefined' ? null : store.get(TOKEN_KEY);
    return token ? { type: 'bearer', token } : null;
  },
  onUnauthorized,
  onServerError,
});

function toApiError(error: unknown): unknown {
  const api = apiErrorOf(error);
  return api ? new ApiError(api.status, api.code, api.message, api.details) : error;
}

/** Calls an entry of shared's route table; failures reject with {@link ApiError} when the server answered. */
export async function callRoute<R extends RouteDef>(
  route: R,
  ...args: TCallArgs<R>
): Promise<RouteOutput<R>> {
  try {
    return await call(client, route, ...args);
  } catch (error) {
    throw toApiError(error);
  }
}

/** A plain JSON call by method and path (relative to /api), for endpoints not in the table yet. */
export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  try {
    return await client<T>(path, { method, body });
  } catch (error) {
    throw toApiError(error);
  }
}
