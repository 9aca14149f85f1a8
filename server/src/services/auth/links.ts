import type { Config } from '../../config.ts';

/** An absolute link into the site, e.g. `/signup/confirm?token=…`. */
export function siteLink(
  config: Pick<Config, 'publicUrl'>,
  path: string,
  query: Record<string, string | undefined> = {},
): string {
  const url = new URL(`${config.publicUrl}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
