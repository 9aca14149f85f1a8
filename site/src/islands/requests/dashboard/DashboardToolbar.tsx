import {
  DASHBOARD_PAGE_SIZES,
  type TDashboardTab,
} from '@signet/shared/dashboard/dashboard.constants';
import {
  DATE_TIME_MODES,
  LIST_SORT_FIELDS,
  SORT_ORDERS,
  STATE_FILTERS,
  type TStateFilter,
} from '@signet/shared/signature-request/signature-request.constants';
import { useId, useState } from 'react';
import type { TFunction } from '../../../lib/i18n.ts';
import { isFiltered, type TSavedView } from '../dashboard-view.ts';
import { StateLegend } from '../ui.tsx';

type Props = {
  t: TFunction;
  tab: TDashboardTab;
  view: TSavedView;
  update: (next: Partial<TSavedView>) => void;
  resetFilters: () => void;
};

const pick = <T extends string | number>(list: readonly T[], value: string): T =>
  list.find((item) => String(item) === value) ?? (list[0] as T);

/**
 * The list's filters (states, dates, sender), sort, page size and density. On small screens
 * they fold behind a "Filters" button (with the number of filters in use), so the list leads.
 */
export function DashboardToolbar({ t, tab, view, update, resetFilters }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const active =
    (tab === 'drafts' ? 0 : view.filters.length + (view.sentByMe ? 1 : 0)) +
    (view.dates.from ? 1 : 0) +
    (view.dates.to ? 1 : 0);
  const toggleFilter = (filter: TStateFilter, on: boolean) => {
    const filters = on ? [...view.filters, filter] : view.filters.filter((f) => f !== filter);
    update({ filters: STATE_FILTERS.filter((f) => filters.includes(f)) });
  };
  return (
    <section className="rq-filters" aria-label={t('dashboard.filters')}>
      <button
        type="button"
        className="btn btn--secondary rq-filters__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        {active > 0 ? t('dashboard.filtersCount', { count: active }) : t('dashboard.filters')}
      </button>
      <div
        id={`${id}-panel`}
        className={open ? 'rq-toolbar rq-toolbar--open' : 'rq-toolbar'}
        data-testid="dashboard-filters"
      >
        {tab !== 'drafts' && (
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
                update({ currentTimeMode: pick(DATE_TIME_MODES, e.currentTarget.value) })
              }
            >
              {DATE_TIME_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`dashboard.dateMode.${mode}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-sort`}>{t('dashboard.sortBy')}</label>
            <select
              id={`${id}-sort`}
              value={view.sort.by}
              onChange={(e) =>
                update({
                  sort: { ...view.sort, by: pick(LIST_SORT_FIELDS, e.currentTarget.value) },
                })
              }
            >
              {LIST_SORT_FIELDS.map((f) => (
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
                update({ sort: { ...view.sort, order: pick(SORT_ORDERS, e.currentTarget.value) } })
              }
            >
              {SORT_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {t(`dashboard.order.${order}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="rq-control">
            <label htmlFor={`${id}-size`}>{t('dashboard.pageSize')}</label>
            <select
              id={`${id}-size`}
              value={view.pageSize}
              onChange={(e) =>
                update({ pageSize: pick(DASHBOARD_PAGE_SIZES, e.currentTarget.value) })
              }
            >
              {DASHBOARD_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
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
            <button type="button" className="btn btn--text" onClick={resetFilters}>
              {t('dashboard.resetFilters')}
            </button>
          )}
        </div>
        {tab !== 'drafts' && <StateLegend t={t} />}
      </div>
    </section>
  );
}
