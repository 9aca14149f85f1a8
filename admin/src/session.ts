import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { forgetSession, loadSession } from './providers/authProvider.ts';

const SESSION_KEY = ['signet', 'console-session'] as const;

/**
 * The signed-in user, their business and console role (null when signed out), shared by the
 * guard and the pages through react-admin's query client.
 */
export function useConsoleSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => loadSession(),
    staleTime: 30_000,
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
    // react-admin caches getPermissions/getIdentity under 'auth'.
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    return session;
  }, [queryClient]);
}
