/** The dashboard's query (spec section 2): `tab` names a list, `q` is the search text. */
import { DASHBOARD_TABS, type TDashboardTab } from '@signet/shared/dashboard/dashboard.constants';
import { dashboardTab } from '@signet/shared/dashboard/dashboard.rules';
import { LIST_SEARCH_MAX_LENGTH } from '@signet/shared/signature-request/signature-request.constants';

export { DASHBOARD_TABS };

export type DashboardQuery = { tab: TDashboardTab; q: string | null };

/**
 * The normal form of the dashboard query: a valid `tab` (else the last used tab, else inbox),
 * and `q` (trimmed, at most the list's search length) only on the search tab and only when not
 * empty. Other parameters are dropped.
 */
export function normaliseDashboardQuery(
  params: URLSearchParams,
  lastTab: string | null | undefined,
): DashboardQuery {
  const tab = dashboardTab(params.get('tab'), lastTab);
  const q = tab === 'search' ? (params.get('q') ?? '').trim().slice(0, LIST_SEARCH_MAX_LENGTH) : '';
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
