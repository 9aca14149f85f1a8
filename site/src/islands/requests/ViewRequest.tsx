import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useMemo } from 'react';
import { DocumentViewer } from '../../components/viewer/DocumentViewer.tsx';
import { apiPageSource } from '../../components/viewer/page-source.ts';
import type { TRequestDialogContext } from '../../dialogs/document/request-dialog.tsx';
import { getT } from '../../lib/i18n.ts';
import { useCurrentUser, useFlash } from '../account/session.ts';
import { ScheduleCard } from './schedule/ScheduleCard.tsx';
import { Loading } from './ui.tsx';
import { useBusinessInformation } from './view/BusinessBanner.tsx';
import { DownloadsCard } from './view/DownloadsCard.tsx';
import { DraftDocuments } from './view/DraftDocuments.tsx';
import { ObserversCard, SignersCard } from './view/Participants.tsx';
import { RequestActions } from './view/RequestActions.tsx';
import { RequestHeader } from './view/RequestHeader.tsx';
import { useRequest, viewerOf } from './view/useRequest.ts';

type Props = { lang: TLang; srid: string };

/**
 * `/view/{srid}`: the request's documents in the viewer, its state (and how it ended), signers
 * by name with their addresses, observers, expiry and reminders, downloads, and the actions the
 * caller's role allows, the next useful one first (the shared rules decide; the server checks
 * again): owner — send, edit a draft (title, message, documents, signers, observers), remind,
 * withdraw, change expiry and reminders, delete; signer — sign, decline, delegate; everyone —
 * downloads.
 */
export default function ViewRequest({ lang, srid }: Props) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  const user = useCurrentUser();
  useFlash();
  const { request, setRequest, failed, load, busy, run, download } = useRequest(t, srid);
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
  const draft = request.status_overall === 'DRAFT';
  const live = draft || request.status_overall === 'OPEN';

  return (
    <div className="rq-view" data-request-id={request.id} data-status={request.status_overall}>
      <RequestHeader {...shared} />
      <RequestActions {...shared} user={user} reload={load} download={download} />
      <div className="rq-view__body">
        <div className="rq-view__main">
          {request.documents.length > 0 && (
            <DocumentViewer t={t} documents={request.documents} source={apiPageSource()} />
          )}
        </div>
        <aside className="rq-side" aria-label={t('view.aside')}>
          {draft && viewer.can('addDocument') && <DraftDocuments {...shared} />}
          <SignersCard {...shared} />
          <ObserversCard {...shared} />
          {viewer.isOwner && live && <ScheduleCard {...shared} editable={viewer.can('update')} />}
          {!draft && <DownloadsCard t={t} request={request} busy={busy} download={download} />}
        </aside>
      </div>
    </div>
  );
}
