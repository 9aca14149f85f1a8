import {
  DASHBOARD_PAGE_SIZES,
  DASHBOARD_TABS,
  type TDashboardPageSize,
  type TDashboardTab,
} from './dashboard.constants.ts';

/** True for one of {@link DASHBOARD_TABS}. */
export function isDashboardTab(value: unknown): value is TDashboardTab {
  return typeof value === 'string' && (DASHBOARD_TABS as readonly string[]).includes(value);
}

/**
 * The tab to show: the query's tab when valid, else the last used tab when valid, else inbox.
 * The page redirects when this differs from the query, to normalise the URL.
 */
export function dashboardTab(
  queryTab: string | null | undefined,
  lastUsed?: string | null,
): TDashboardTab {
  if (isDashboardTab(queryTab)) return queryTab;
  if (isDashboardTab(lastUsed)) return lastUsed;
  return 'inbox';
}

/** The page size to use: a valid saved size, else the smallest. */
export function dashboardPageSize(value: unknown): TDashboardPageSize {
  const size = typeof value === 'string' ? Number(value) : value;
  return (DASHBOARD_PAGE_SIZES as readonly unknown[]).includes(size)
    ? (size as TDashboardPageSize)
    : DASHBOARD_PAGE_SIZES[0];
}
