import type { TDashboardTab } from '@signet/shared/dashboard/dashboard.constants';
import {
  DASHBOARD_COOKIE_MAX_AGE_S,
  DASHBOARD_VIEW_COOKIE,
} from '@signet/shared/dashboard/dashboard.constants';
import { writeCookie } from '@signet/shared/session/cookies';
import type { TSignatureRequestList } from '@signet/shared/signature-request/signature-request.schema';
import { useEffect, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import {
  listParams,
  parseSavedView,
  serialiseSavedView,
  type TSavedView,
} from '../dashboard-view.ts';

export type TListLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; list: TSignatureRequestList }
  | { kind: 'failed'; message: string };

/**
 * The state of the dashboard list: the saved view (remembered in its cookie), the page, and
 * the page of requests the server answered for them. Changing the view goes back to page 1.
 */
export function useDashboardList(opts: {
  t: TFunction;
  tab: TDashboardTab;
  q: string | null;
  savedView: string | null | undefined;
}) {
  const { t, tab, q } = opts;
  const [view, setView] = useState<TSavedView>(() => parseSavedView(opts.savedView));
  const [page, setPage] = useState(0);
  const [load, setLoad] = useState<TListLoad>({ kind: 'loading' });
  const [reloadKey, setReloadKey] = useState(0);
  /** The search tab without a text shows the page's prompt, not a list. */
  const idle = tab === 'search' && !q;

  useEffect(() => {
    if (idle) return;
    let cancelled = false;
    setLoad((l) => (l.kind === 'ready' ? l : { kind: 'loading' }));
    call(api.listSignatureRequests, { query: listParams(tab, q, view, page) })
      .then((list) => {
        if (!cancelled) setLoad({ kind: 'ready', list });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoad({ kind: 'failed', message: errorMessage(t, error) });
      });
    return () => {
      cancelled = true;
    };
  }, [tab, q, view, page, idle, t, reloadKey]);

  function update(next: Partial<TSavedView>) {
    const merged = { ...view, ...next };
    setView(merged);
    setPage(0);
    writeCookie(DASHBOARD_VIEW_COOKIE, serialiseSavedView(merged), DASHBOARD_COOKIE_MAX_AGE_S);
  }

  const resetFilters = () =>
    update({ filters: [], dates: { from: null, to: null }, sentByMe: false });
  const reload = () => setReloadKey((k) => k + 1);

  return { view, page, setPage, load, idle, update, resetFilters, reload };
}
