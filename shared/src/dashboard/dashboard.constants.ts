/** The dashboard's tabs, page sizes and remembered view (spec sections 2, 3 and 9). Zod-free. */
import { LIST_PAGE_SIZES } from '../signature-request/signature-request.constants.ts';

/** Dashboard tabs (spec section 2, `/dashboard?tab=`). */
export const DASHBOARD_TABS = ['inbox', 'drafts', 'search'] as const;
export type TDashboardTab = (typeof DASHBOARD_TABS)[number];

/** Page sizes the dashboard list offers: the list query's. */
export const DASHBOARD_PAGE_SIZES = LIST_PAGE_SIZES;
export type TDashboardPageSize = (typeof DASHBOARD_PAGE_SIZES)[number];

/** Row density of the list. */
export const DASHBOARD_VIEWS = ['comfortable', 'compact'] as const;
export type TDashboardView = (typeof DASHBOARD_VIEWS)[number];

/** The dashboard's cookies live one year, SameSite=Strict (spec section 9). */
export const DASHBOARD_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Cookie of the saved view (filters, dates, sort, view, page size). */
export const DASHBOARD_VIEW_COOKIE = 'signet_dashboard_view';
/** Cookie of the last used tab. */
export const DASHBOARD_TAB_COOKIE = 'signet_dashboard_tab';
