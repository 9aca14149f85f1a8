import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useMemo } from 'react';
import type { TRequestDialogContext } from '../../dialogs/document/request-dialog.tsx';
import { getT } from '../../lib/i18n.ts';
import { useCurrentUser, useFlash } from '../account/session.ts';
import { formatDate, Loading, StateBadge } from './ui.tsx';
import { BusinessBanner, useBusinessInformation } from './view/BusinessBanner.tsx';
import { DownloadsCard } from './view/DownloadsCard.tsx';
import { PagesPreview } from './view/PagesPreview.tsx';
import { ObserversCard, SignersCard } from './view/Participants.tsx';
import { RequestActions } from './view/RequestActions.tsx';
import { useRequest, viewerOf } from './view/useRequest.ts';

type Props = { lang: TLang; srid: string };

/**
 * `/view/{srid}`: the request's page images, documents, signers with their states and order,
 * observers and message, with the actions the caller's role allows (the shared rules decide;
 * the server checks again): owner — send a draft, withdraw, remind, add or remove signers and
 * observers, delete; signer — sign, decline, delegate; everyone — downloads.
 */
export default function ViewRequest({ lang, srid }: Props) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  const user = useCurrentUser();
  useFlash();
  const { request, setRequest, failed, load, busy, run } = useRequest(t, srid);
  const business = useBusinessInformation(request?.business_id ?? null);

  if (failed) {
    return (
      <div className="acc-alert" role="alert">
        {failed}{' '}
        <button type="button" className="btn btn--text" onClick={() => void load()}>
          {t('action.retry')}
        </button>
      </div>
    );
  }
  if (!request || !user) return <Loading text={t('view.loading')} />;

  const viewer = viewerOf(request, user);
  const dialog: TRequestDialogContext = {
    t,
    requestId: request.id,
    onDone: (r) => r && setRequest(r),
  };
  const shared = { t, lang, request, viewer, dialog, busy, run, setRequest, business };

  return (
    <div className="rq-view" data-request-id={request.id} data-status={request.status_overall}>
      <header className="rq-view__head">
        <p>
          <a href="/dashboard">{t('view.back')}</a>
        </p>
        {business ? <BusinessBanner t={t} info={business} /> : null}
        <h1 id="page-heading">{request.title}</h1>
        <div className="rq-view__meta">
          <StateBadge t={t} colour={viewer.colour} />
          <span>
            {t('view.sentBy', {
              name: viewer.isOwner ? t('dashboard.me') : request.owner.name || request.owner.email,
              date: formatDate(lang, request.initiated_at ?? request.created_at),
            })}
          </span>
        </div>
        {request.message && (
          <figure className="rq-message">
            <figcaption>{t('view.message')}</figcaption>
            <blockquote>{request.message}</blockquote>
          </figure>
        )}
      </header>

      <RequestActions {...shared} user={user} reload={load} />

      <div className="rq-view__body">
        <PagesPreview t={t} request={request} />
        <aside className="rq-side">
          <SignersCard {...shared} />
          <ObserversCard {...shared} />
          <DownloadsCard t={t} request={request} busy={busy} run={run} />
        </aside>
      </div>
    </div>
  );
}
