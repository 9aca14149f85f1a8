/** Dashboard lists (spec section 2): the `tab` query names one. */
export const DASHBOARD_TABS = ['inbox', 'drafts', 'search'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Cookie remembering the last used tab (a year, SameSite=Strict, like the saved view). */
export const DASHBOARD_TAB_COOKIE = 'signet_dashboard_tab';
export const DASHBOARD_TAB_COOKIE_AGE = 365 * 24 * 3600;
/** Longest search text kept in the query. */
export const SEARCH_MAX_LENGTH = 200;

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && (DASHBOARD_TABS as readonly string[]).includes(value);
}

export type DashboardQuery = { tab: DashboardTab; q: string | null };

/**
 * The normal form of the dashboard query: a valid `tab` (else the last used tab, else inbox),
 * and `q` (trimmed, at most 200 characters) only on the search tab and only when not empty.
 * Other parameters are dropped.
 */
export function normaliseDashboardQuery(
  params: URLSearchParams,
  lastTab: string | null | undefined,
): DashboardQuery {
  const asked = params.get('tab');
  const tab: DashboardTab = isDashboardTab(asked)
    ? asked
    : isDashboardTab(lastTab)
      ? lastTab
      : 'inbox';
  const q = tab === 'search' ? (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH) : '';
  return { tab, q: q === '' ? null : q };
}

/** The query string of a normal dashboard query, `?tab=…[&q=…]`. */
export function dashboardSearch(query: DashboardQuery): string {
  const out = new URLSearchParams({ tab: query.tab });
  if (query.q !== null) out.set('q', query.q);
  return `?${out.toString()}`;
}

/**
 * Where a dashboard request must be redirected to be in normal form, or null when it already
 * is. The alias `/` always redirects to `/dashboard`.
 */
export function dashboardRedirect(url: URL, lastTab: string | null | undefined): string | null {
  const target = `/dashboard${dashboardSearch(normaliseDashboardQuery(url.searchParams, lastTab))}`;
  const current = `${url.pathname}${url.search}`;
  return current === target ? null : target;
}
