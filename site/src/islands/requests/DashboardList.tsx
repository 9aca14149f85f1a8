import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { writeCookie } from '../../lib/storage.ts';
import { useFlash } from '../account/session.ts';
import { failureText, listRequests, type TList } from './api.ts';
import {
  isFiltered,
  listParams,
  matchesFilters,
  parseSavedView,
  SORT_FIELDS,
  STATE_FILTERS,
  serialiseSavedView,
  type TSavedView,
  type TStateFilter,
  VIEW_COOKIE,
  VIEW_COOKIE_AGE,
} from './dashboard-view.ts';
import { ColourLegend, formatDate, Loading, StateBadge } from './ui.tsx';

type Props = {
  lang: Lang;
  tab: 'inbox' | 'drafts' | 'search';
  q: string | null;
  /** The saved-view cookie as the server read it (same first render on server and client). */
  savedView?: string | null;
  /** The empty state of the page, shown when nothing exists in this tab (server-rendered). */
  children?: ReactNode;
};

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; list: TList }
  | { kind: 'failed'; message: string };

/**
 * The dashboard's request list: state, date, sender filters, sort, page size and paging, with
 * the view remembered in a one-year SameSite=Strict cookie. Drafts ignore the state filters.
 */
export default function DashboardList({ lang, tab, q, savedView, children }: Props) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  useFlash();
  const id = useId();
  const [view, setView] = useState<TSavedView>(() => parseSavedView(savedView));
  const [page, setPage] = useState(0);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reloadKey, setReloadKey] = useState(0);

  const searchWithoutText = tab === 'search' && !q;

  useEffect(() => {
    if (searchWithoutText) return;
    let cancelled = false;
    setLoad((l) => (l.kind === 'ready' ? l : { kind: 'loading' }));
    listRequests(listParams(tab, q, view, page))
      .then((list) => {
        if (!cancelled) setLoad({ kind: 'ready', list });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoad({ kind: 'failed', message: failureText(t, error) });
      });
    return () => {
      cancelled = true;
    };
  }, [tab, q, view, page, searchWithoutText, t, reloadKey]);

  function update(next: Partial<TSavedView>) {
    const merged = { ...view, ...next };
    setView(merged);
    setPage(0);
    writeCookie(VIEW_COOKIE, serialiseSavedView(merged), VIEW_COOKIE_AGE);
  }

  function toggleFilter(filter: TStateFilter, on: boolean) {
    const filters = on ? [...view.filters, filter] : view.filters.filter((f) => f !== filter);
    update({ filters: STATE_FILTERS.filter((f) => filters.includes(f)) });
  }

  if (searchWithoutText) return <>{children}</>;

  const showStates = tab !== 'drafts';
  const list = load.kind === 'ready' ? load.list : null;
  const rows = list ? list.items.filter((i) => matchesFilters(i.colour, view.filters)) : [];
  const pages = list ? Math.max(1, Math.ceil(list.total / list.size)) : 1;
  const filtered = isFiltered(view) && tab !== 'drafts';
  const dateColumn = view.currentTimeMode === 'created' ? 'created_at' : 'updated_at';

  return (
    <div className="rq-dashboard" data-view={view.view}>
      <section className="rq-toolbar" aria-label={t('dashboard.filters')}>
        {showStates && (
          <fieldset className="rq-chips">
            <legend>{t('dashboard.state')}</legend>
            {STATE_FILTERS.map((f) => (
              <label key={f} className={`rq-chip rq-chip--${f}`}>
                <input
                  type="checkbox"
                  checked={view.filters.includes(f)}
                  onChange={(e) => toggleFilter(f, e.currentTarget.checked)}
                />
                <span className={`rq-dot rq-dot--${f}`} aria-hidden="true" />
                {t(`state.${f}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="rq-toolbar__row">
          <div className="rq-control">
            <label htmlFor={`${id}-from`}>{t('dashboard.dateFrom')}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={view.dates.from ?? ''}
              max={view.dates.to ?? undefined}
              onChange={(e) =>
                update({ dates: { ...view.dates, from: e.currentTarget.value || null } })
              }
            />
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-to`}>{t('dashboard.dateTo')}</label>
            <input
              id={`${id}-to`}
              type="date"
              value={view.dates.to ?? ''}
              min={view.dates.from ?? undefined}
              onChange={(e) =>
                update({ dates: { ...view.dates, to: e.currentTarget.value || null } })
              }
            />
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-mode`}>{t('dashboard.dateMode')}</label>
            <select
              id={`${id}-mode`}
              value={view.currentTimeMode}
              onChange={(e) =>
                update({
                  currentTimeMode: e.currentTarget.value === 'created' ? 'created' : 'updated',
                })
              }
            >
              <option value="updated">{t('dashboard.dateMode.updated')}</option>
              <option value="created">{t('dashboard.dateMode.created')}</option>
            </select>
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-sort`}>{t('dashboard.sortBy')}</label>
            <select
              id={`${id}-sort`}
              value={view.sort.by}
              onChange={(e) => {
                const by = SORT_FIELDS.find((f) => f === e.currentTarget.value) ?? 'updated_at';
                update({ sort: { ...view.sort, by } });
              }}
            >
              {SORT_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {t(`dashboard.sort.${f}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-order`}>{t('dashboard.sortOrder')}</label>
            <select
              id={`${id}-order`}
              value={view.sort.order}
              onChange={(e) =>
                update({
                  sort: { ...view.sort, order: e.currentTarget.value === 'asc' ? 'asc' : 'desc' },
                })
              }
            >
              <option value="desc">{t('dashboard.order.desc')}</option>
              <option value="asc">{t('dashboard.order.asc')}</option>
            </select>
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-size`}>{t('dashboard.pageSize')}</label>
            <select
              id={`${id}-size`}
              value={view.pageSize}
              onChange={(e) => {
                const n = Number(e.currentTarget.value);
                update({ pageSize: n === 50 ? 50 : n === 100 ? 100 : 25 });
              }}
            >
              <option value="25">25</option>
              <option value="50">50</option>
              <option value="100">100</option>
            </select>
          </div>
        </div>
        <div className="rq-toolbar__row">
          {tab !== 'drafts' && (
            <label className="rq-check">
              <input
                type="checkbox"
                checked={view.sentByMe}
                onChange={(e) => update({ sentByMe: e.currentTarget.checked })}
              />
              {t('dashboard.sentByMe')}
            </label>
          )}
          <label className="rq-check">
            <input
              type="checkbox"
              checked={view.view === 'compact'}
              onChange={(e) =>
                update({ view: e.currentTarget.checked ? 'compact' : 'comfortable' })
              }
            />
            {t('dashboard.compact')}
          </label>
          {isFiltered(view) && (
            <button
              type="button"
              className="btn btn--text"
              onClick={() =>
                update({ filters: [], dates: { from: null, to: null }, sentByMe: false })
              }
            >
              {t('dashboard.resetFilters')}
            </button>
          )}
        </div>
      </section>

      {showStates && <ColourLegend t={t} />}

      {load.kind === 'loading' && <Loading text={t('dashboard.loading')} />}
      {load.kind === 'failed' && (
        <div className="acc-alert" role="alert">
          {load.message}{' '}
          <button
            type="button"
            className="btn btn--text"
            onClick={() => setReloadKey((k) => k + 1)}
          >
            {t('action.retry')}
          </button>
        </div>
      )}
      {list && list.total === 0 && !filtered && children}
      {list && (list.total > 0 || filtered) && rows.length === 0 && (
        <section className="acc-empty" data-testid="dashboard-no-match">
          <h2>{t('dashboard.noMatch')}</h2>
          {filtered && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() =>
                update({ filters: [], dates: { from: null, to: null }, sentByMe: false })
              }
            >
              {t('dashboard.resetFilters')}
            </button>
          )}
        </section>
      )}
      {list && rows.length > 0 && (
        <>
          <table className="rq-table" aria-label={t(`dashboard.table.${tab}`)}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.col.title')}</th>
                <th scope="col">{t('dashboard.col.state')}</th>
                <th scope="col">{t('dashboard.col.signers')}</th>
                <th scope="col">{t('dashboard.col.owner')}</th>
                <th scope="col">{t(`dashboard.dateMode.${view.currentTimeMode}`)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => {
                const signed = item.signers.filter((s) => s.status_code === 'SIGNED').length;
                return (
                  <tr key={item.id} data-request-id={item.id}>
                    <td>
                      <a className="rq-table__title" href={`/view/${encodeURIComponent(item.id)}`}>
                        {item.title}
                      </a>
                      <span className="rq-table__sub">
                        {t('dashboard.documents', { count: item.document_count })}
                      </span>
                    </td>
                    <td>
                      <StateBadge t={t} colour={item.colour} />
                    </td>
                    <td>{t('dashboard.signedOf', { signed, total: item.signers.length })}</td>
                    <td>
                      {item.my_roles.includes('owner')
                        ? t('dashboard.me')
                        : item.owner.name || item.owner.email}
                    </td>
                    <td>{formatDate(lang, item[dateColumn])}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav className="rq-paging" aria-label={t('dashboard.paging')}>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={page === 0}
                onClick={() => setPage((p) => Math.max(0, p - 1))}
              >
                {t('dashboard.previous')}
              </button>
              <span aria-live="polite">
                {t('dashboard.pageOf', { page: page + 1, pages, total: list.total })}
              </span>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={page + 1 >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('dashboard.next')}
              </button>
            </nav>
          ) : (
            <p className="rq-hint" data-testid="dashboard-total">
              {t('dashboard.total', { total: list.total })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
