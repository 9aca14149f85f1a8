import type { TDashboardTab } from '@signet/shared/dashboard/dashboard.constants';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import type { TRequestState } from '@signet/shared/signature-request/signature-request.constants';
import { requestState } from '@signet/shared/signature-request/signature-request.rules';
import type { TSignatureRequestListItem } from '@signet/shared/signature-request/signature-request.schema';
import type { TFunction } from '../../../lib/i18n.ts';
import type { TSavedView } from '../dashboard-view.ts';
import { formatDate, StateBadge } from '../ui.tsx';

/** The item's state for the caller: its colour, with cancelled told apart by the status. */
const stateOf = (item: TSignatureRequestListItem): TRequestState =>
  item.colour === 'cancelled'
    ? requestState(item.status_overall, null)
    : (item.colour as TRequestState);

type Props = {
  t: TFunction;
  lang: TLang;
  tab: TDashboardTab;
  view: TSavedView;
  items: readonly TSignatureRequestListItem[];
};

/** One page of requests: title and documents, state, signatures, sender, date. */
export function RequestTable({ t, lang, tab, view, items }: Props) {
  const dateColumn = view.currentTimeMode === 'created' ? 'created_at' : 'updated_at';
  return (
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
        {items.map((item) => {
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
                <StateBadge t={t} state={stateOf(item)} />
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
  );
}

/** Previous / next and "page n of m (total)" — the total the server counted with the filters. */
export function Pager({
  t,
  page,
  total,
  size,
  onPage,
}: {
  t: TFunction;
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) {
    return (
      <p className="rq-hint" data-testid="dashboard-total">
        {t('dashboard.total', { total })}
      </p>
    );
  }
  return (
    <nav className="rq-paging" aria-label={t('dashboard.paging')}>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={page === 0}
        onClick={() => onPage(Math.max(0, page - 1))}
      >
        {t('dashboard.previous')}
      </button>
      <span aria-live="polite" data-testid="dashboard-page">
        {t('dashboard.pageOf', { page: page + 1, pages, total })}
      </span>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('dashboard.next')}
      </button>
    </nav>
  );
}
