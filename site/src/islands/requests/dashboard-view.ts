/**
 * The dashboard's saved view (spec section 3: filters, dates, currentTimeMode, sentByMe, sort,
 * view, pageSize) and how it becomes the list query (spec section 3, list query). Pure, so the
 * cookie format and the mapping are tested without a browser. The server filters by colour and
 * counts the filtered total, so a page is always full and the pager right.
 */
import type { RouteCallInput } from '@signet/shared/api/route';
import type { Routes } from '@signet/shared/api/routes';
import {
  DASHBOARD_PAGE_SIZES,
  DASHBOARD_VIEWS,
  type TDashboardPageSize,
  type TDashboardTab,
  type TDashboardView,
} from '@signet/shared/dashboard/dashboard.constants';
import { dashboardPageSize } from '@signet/shared/dashboard/dashboard.rules';
import {
  DATE_TIME_MODES,
  LIST_SORT_FIELDS,
  STATE_FILTERS,
  type TDateTimeMode,
  type TListSortField,
  type TSortOrder,
  type TStateFilter,
} from '@signet/shared/signature-request/signature-request.constants';
import { stateFilterQuery } from '@signet/shared/signature-request/signature-request.rules';

/** The list query as the dashboard sends it. */
export type TListParams = NonNullable<RouteCallInput<Routes['listSignatureRequests']>['query']>;

export type TSavedView = {
  filters: TStateFilter[];
  dates: { from: string | null; to: string | null };
  currentTimeMode: TDateTimeMode;
  sentByMe: boolean;
  sort: { by: TListSortField; order: TSortOrder };
  view: TDashboardView;
  pageSize: TDashboardPageSize;
};

export const DEFAULT_VIEW: TSavedView = {
  filters: [],
  dates: { from: null, to: null },
  currentTimeMode: 'updated',
  sentByMe: false,
  sort: { by: 'updated_at', order: 'desc' },
  view: 'comfortable',
  pageSize: DASHBOARD_PAGE_SIZES[0],
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);
const dateOrNull = (v: unknown): string | null =>
  typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;

/** Reads the cookie value; anything unreadable falls back to the default, field by field. */
export function parseSavedView(raw: string | null | undefined): TSavedView {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      data = parsed as Record<string, unknown>;
    }
  } catch {
    data = {};
  }
  // A view saved before the three were told apart chose 'cancelled': it means all three.
  const saved: unknown[] = Array.isArray(data.filters)
    ? data.filters.flatMap((f) => (f === 'cancelled' ? ['declined', 'withdrawn', 'expired'] : [f]))
    : [];
  const filters = [...new Set(saved.filter((f): f is TStateFilter => isOneOf(STATE_FILTERS, f)))];
  const dates = (data.dates ?? {}) as Record<string, unknown>;
  const sort = (data.sort ?? {}) as Record<string, unknown>;
  return {
    filters,
    dates: { from: dateOrNull(dates.from), to: dateOrNull(dates.to) },
    currentTimeMode: isOneOf(DATE_TIME_MODES, data.currentTimeMode)
      ? data.currentTimeMode
      : DEFAULT_VIEW.currentTimeMode,
    sentByMe: data.sentByMe === true,
    sort: {
      by: isOneOf(LIST_SORT_FIELDS, sort.by) ? sort.by : DEFAULT_VIEW.sort.by,
      order: sort.order === 'asc' ? 'asc' : 'desc',
    },
    view: isOneOf(DASHBOARD_VIEWS, data.view) ? data.view : DEFAULT_VIEW.view,
    pageSize: dashboardPageSize(data.pageSize),
  };
}

export function serialiseSavedView(view: TSavedView): string {
  return JSON.stringify(view);
}

/**
 * The list query for a tab. inbox: every request that is not a draft (as owner, signer or
 * observer), narrowed to the chosen states; drafts: my drafts; search: the text `q` across
 * everything of mine, narrowed to the chosen states. "Sent by me" narrows inbox and search. The
 * states become colours and, for declined, withdrawn and expired, statuses (shared's
 * `stateFilterQuery`).
 */
export function listParams(
  tab: TDashboardTab,
  q: string | null,
  view: TSavedView,
  page: number,
): TListParams {
  const params: TListParams = {
    page,
    size: view.pageSize,
    sortBy: view.sort.by,
    sortOrder: view.sort.order,
    dateTimeMode: view.currentTimeMode,
  };
  if (view.dates.from) params.dateFrom = view.dates.from;
  if (view.dates.to) params.dateTo = view.dates.to;
  if (tab === 'drafts') {
    params.colour = 'draft';
    params.sendBy = 'me';
    return params;
  }
  if (view.sentByMe) params.sendBy = 'me';
  const chosen = STATE_FILTERS.filter((f) => view.filters.includes(f));
  const { colour, status } = stateFilterQuery(
    chosen.length > 0 || tab === 'search' ? chosen : STATE_FILTERS,
  );
  if (colour) params.colour = colour.join(',');
  if (status) params.status = status.join(',');
  if (tab === 'search' && q) params.search = q;
  return params;
}

/** True when the view narrows the list (then "no results" offers to reset the filters). */
export function isFiltered(view: TSavedView): boolean {
  return (
    view.filters.length > 0 || view.dates.from !== null || view.dates.to !== null || view.sentByMe
  );
}
