import type { TDashboardTab } from '@signet/shared/dashboard/dashboard.constants';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { type ReactNode, useMemo } from 'react';
import { getT } from '../../lib/i18n.ts';
import { useFlash } from '../account/session.ts';
import { DashboardToolbar } from './dashboard/DashboardToolbar.tsx';
import { Pager, RequestTable } from './dashboard/RequestTable.tsx';
import { useDashboardList } from './dashboard/useDashboardList.ts';
import { isFiltered } from './dashboard-view.ts';
import { Loading } from './ui.tsx';

type Props = {
  lang: TLang;
  tab: TDashboardTab;
  q: string | null;
  /** The saved-view cookie as the server read it (same first render on server and client). */
  savedView?: string | null;
  /** The empty state of the page, shown when nothing exists in this tab (server-rendered). */
  children?: ReactNode;
};

/**
 * The dashboard's request list: state, date, sender filters, sort, page size and paging, with
 * the view remembered in a one-year SameSite=Strict cookie. Drafts ignore the state filters.
 */
export default function DashboardList({ lang, tab, q, savedView, children }: Props) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  useFlash();
  const { view, page, setPage, load, idle, update, resetFilters, reload } = useDashboardList({
    t,
    tab,
    q,
    savedView,
  });

  if (idle) return <>{children}</>;

  const list = load.kind === 'ready' ? load.list : null;
  const filtered = isFiltered(view) && tab !== 'drafts';

  return (
    <div className="rq-dashboard" data-view={view.view}>
      <DashboardToolbar t={t} tab={tab} view={view} update={update} resetFilters={resetFilters} />
      {load.kind === 'loading' && <Loading text={t('dashboard.loading')} />}
      {load.kind === 'failed' && (
        <div className="acc-alert" role="alert">
          {load.message}{' '}
          <button type="button" className="btn btn--text" onClick={reload}>
            {t('action.retry')}
          </button>
        </div>
      )}
      {list && list.total === 0 && !filtered && children}
      {list && list.items.length === 0 && (list.total > 0 || filtered) && (
        <section className="acc-empty" data-testid="dashboard-no-match">
          <h2>{t('dashboard.noMatch')}</h2>
          {filtered && (
            <button type="button" className="btn btn--secondary" onClick={resetFilters}>
              {t('dashboard.resetFilters')}
            </button>
          )}
        </section>
      )}
      {list && list.items.length > 0 && (
        <>
          <RequestTable t={t} lang={lang} tab={tab} view={view} items={list.items} />
          <Pager t={t} page={page} total={list.total} size={list.size} onPage={setPage} />
        </>
      )}
    </div>
  );
}
