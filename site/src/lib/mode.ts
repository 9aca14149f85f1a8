/** Server mode, as the server reads it (server/src/config.ts): SIGNET_MODE, else from NODE_ENV. */
export type Mode = 'production' | 'development' | 'test';

/** Name of the `<meta>` carrying the mode to scripts on the page. */
export const MODE_META = 'signet-mode';

/** The mode from environment variables, read at request time (never inlined at build). */
export function modeFromEnv(env: Record<string, string | undefined>): Mode {
  const explicit = env.SIGNET_MODE;
  if (explicit === 'production' || explicit === 'development' || explicit === 'test')
    return explicit;
  if (env.NODE_ENV === 'production') return 'production';
  return env.NODE_ENV === 'test' ? 'test' : 'development';
}

/** The mode of this process. */
export function serverMode(): Mode {
  const proc = (globalThis as { process?: { env: Record<string, string | undefined> } }).process;
  return modeFromEnv(proc?.env ?? {});
}
