/**
 * The dashboard's saved view (spec section 3: filters, dates, currentTimeMode, sentByMe, sort,
 * view, pageSize) and how it becomes the list query (spec section 3, list query). Pure, so the
 * cookie format and the mapping are tested without a browser.
 */
import {
  DASHBOARD_PAGE_SIZES,
  type TDashboardPageSize,
} from '@signet/shared/dashboard/dashboard.rules';
import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import type { TListParams } from './api.ts';

/** The four state colours a user filters by (draft has its own tab). */
export const STATE_FILTERS = ['to-sign', 'waiting', 'cancelled', 'completed'] as const;
export type TStateFilter = (typeof STATE_FILTERS)[number];

/** Statuses behind each colour: to-sign and waiting are both OPEN (the viewer decides which). */
export const STATUSES_OF: Record<TStateFilter, readonly TRequestStatus[]> = {
  'to-sign': ['OPEN'],
  waiting: ['OPEN'],
  cancelled: ['DECLINED', 'WITHDRAWN', 'EXPIRED'],
  completed: ['SIGNED'],
};

export const SORT_FIELDS = ['updated_at', 'created_at', 'title', 'status'] as const;
export type TSortField = (typeof SORT_FIELDS)[number];
export const TIME_MODES = ['updated', 'created'] as const;
export type TTimeMode = (typeof TIME_MODES)[number];
export const VIEWS = ['comfortable', 'compact'] as const;
export type TView = (typeof VIEWS)[number];

export type TSavedView = {
  filters: TStateFilter[];
  dates: { from: string | null; to: string | null };
  currentTimeMode: TTimeMode;
  sentByMe: boolean;
  sort: { by: TSortField; order: 'asc' | 'desc' };
  view: TView;
  pageSize: TDashboardPageSize;
};

/** Cookie of the saved view: a year, SameSite=Strict (spec section 9). */
export const VIEW_COOKIE = 'signet_dashboard_view';
export const VIEW_COOKIE_AGE = 365 * 24 * 3600;

export const DEFAULT_VIEW: TSavedView = {
  filters: [],
  dates: { from: null, to: null },
  currentTimeMode: 'updated',
  sentByMe: false,
  sort: { by: 'updated_at', order: 'desc' },
  view: 'comfortable',
  pageSize: 25,
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
  const filters = Array.isArray(data.filters)
    ? [...new Set(data.filters.filter((f): f is TStateFilter => isOneOf(STATE_FILTERS, f)))]
    : [];
  const dates = (data.dates ?? {}) as Record<string, unknown>;
  const sort = (data.sort ?? {}) as Record<string, unknown>;
  const size = Number(data.pageSize);
  return {
    filters,
    dates: { from: dateOrNull(dates.from), to: dateOrNull(dates.to) },
    currentTimeMode: isOneOf(TIME_MODES, data.currentTimeMode)
      ? data.currentTimeMode
      : DEFAULT_VIEW.currentTimeMode,
    sentByMe: data.sentByMe === true,
    sort: {
      by: isOneOf(SORT_FIELDS, sort.by) ? sort.by : DEFAULT_VIEW.sort.by,
      order: sort.order === 'asc' ? 'asc' : 'desc',
    },
    view: isOneOf(VIEWS, data.view) ? data.view : DEFAULT_VIEW.view,
    pageSize: (DASHBOARD_PAGE_SIZES as readonly number[]).includes(size)
      ? (size as TDashboardPageSize)
      : DEFAULT_VIEW.pageSize,
  };
}

export function serialiseSavedView(view: TSavedView): string {
  return JSON.stringify(view);
}

/** Statuses the inbox lists when no state filter is chosen: everything but drafts. */
const NOT_DRAFT: readonly TRequestStatus[] = ['OPEN', 'SIGNED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'];

/**
 * The list query for a tab. inbox: every request that is not a draft (as owner, signer or
 * observer); drafts: my DRAFT requests; search: the text `q` across everything of mine. The
 * state filters narrow inbox and search; "sent by me" narrows inbox and search to mine.
 */
export function listParams(
  tab: 'inbox' | 'drafts' | 'search',
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
    params.status = 'DRAFT';
    params.sendBy = 'me';
    return params;
  }
  if (view.sentByMe) params.sendBy = 'me';
  const chosen = view.filters.length > 0 ? statusesOf(view.filters) : null;
  if (tab === 'inbox') params.status = (chosen ?? NOT_DRAFT).join(',');
  if (tab === 'search') {
    if (chosen) params.status = chosen.join(',');
    if (q) params.search = q;
  }
  return params;
}

/** The statuses behind some colours, each once, in a stable order. */
export function statusesOf(filters: readonly TStateFilter[]): TRequestStatus[] {
  const set = new Set(filters.flatMap((f) => STATUSES_OF[f]));
  return NOT_DRAFT.filter((s) => set.has(s));
}

/**
 * to-sign and waiting share the status OPEN, so the server returns both when either is chosen;
 * this keeps the rows of the chosen colours only (no filter chosen: every row).
 */
export function matchesFilters(colour: string, filters: readonly TStateFilter[]): boolean {
  if (filters.length === 0 || colour === 'draft') return true;
  return (filters as readonly string[]).includes(colour);
}

/** True when the view narrows the list (then "no results" offers to reset the filters). */
export function isFiltered(view: TSavedView): boolean {
  return (
    view.filters.length > 0 || view.dates.from !== null || view.dates.to !== null || view.sentByMe
  );
}
