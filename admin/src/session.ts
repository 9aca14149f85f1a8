/**
 * Who is using the console: the signed-in user, their business and console role, loaded once
 * per token and kept briefly, shared by the auth provider, the data provider and the pages.
 */
import type { TBusiness } from '@signet/shared/business/business.schema';
import { readToken } from '@signet/shared/session/session';
import type { TUser } from '@signet/shared/user/user.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { consoleRole, type TConsoleRole } from './access.ts';
import { api, call } from './providers/client.ts';

/** What the console knows about the signed-in user. */
export type ConsoleSession = {
  user: TUser;
  business: TBusiness | null;
  role: Exclude<TConsoleRole, 'unauthenticated'>;
};

/** How long a loaded session (user + business) is reused between page changes. */
const SESSION_TTL_MS = 30_000;

let cached: { token: string; at: number; promise: Promise<ConsoleSession | null> } | null = null;

async function load(): Promise<ConsoleSession> {
  const [user, business] = await Promise.all([call(api.getUser), call(api.getUserBusiness)]);
  return { user, business, role: consoleRole(user.id, business) };
}

/**
 * The signed-in user, their business and console role; null without a session. Cached briefly
 * so page changes do not refetch; `fresh` forces a reload.
 */
export function loadSession(fresh = false): Promise<ConsoleSession | null> {
  const token = readToken();
  if (!token) return Promise.resolve(null);
  const now = Date.now();
  if (!fresh && cached && cached.token === token && now - cached.at < SESSION_TTL_MS) {
    return cached.promise;
  }
  const promise = load();
  cached = { token, at: now, promise };
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  return promise;
}

/** Drops the cached session (after creating a business, after logout). */
export function forgetSession(): void {
  cached = null;
}

/** The caller's business, for calls about it; refused when there is none. */
export async function currentBusinessId(): Promise<string> {
  const session = await loadSession();
  if (!session?.business) throw new Error('No business: the access rules should have caught this');
  return session.business.id;
}

const SESSION_KEY = ['signet', 'console-session'] as const;

/** The session for components, through react-admin's query client. */
export function useConsoleSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => loadSession(),
    staleTime: SESSION_TTL_MS,
    retry: false,
  });
}

/** Reloads the session after a change of role (e.g. a business was just created). */
export function useRefreshConsoleSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    forgetSession();
    const session = await loadSession(true);
    queryClient.setQueryData(SESSION_KEY, session);
    // react-admin caches getPermissions, getIdentity and canAccess under 'auth'.
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    return session;
  }, [queryClient]);
}
