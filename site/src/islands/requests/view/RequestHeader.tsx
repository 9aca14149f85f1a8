import type { TBusinessPublicInformation } from '@signet/shared/business/business.schema';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { useId, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { DetailsFields } from '../DetailsFields.tsx';
import { Email, formatDate, RequestMessage, SaveCancel, StateBadge } from '../ui.tsx';
import { BusinessBanner } from './BusinessBanner.tsx';
import type { TViewer } from './useRequest.ts';

type Props = {
  t: TFunction;
  lang: TLang;
  request: TSignatureRequest;
  viewer: TViewer;
  busy: string | null;
  run: (name: string, action: () => Promise<void>) => Promise<void>;
  setRequest: (request: TSignatureRequest) => void;
  /** The request's business as signers see it (its banner leads the page). */
  business: TBusinessPublicInformation | null;
};

/**
 * The request's title, its state for the viewer, who sent it when (a draft says it is not sent),
 * until when it is open, how it ended (who, when, why) and its message. The owner edits title
 * and message of a draft here.
 */
export function RequestHeader(props: Props) {
  const { t, lang, request, viewer, busy, run, setRequest, business } = props;
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(request.title);
  const [message, setMessage] = useState(request.message ?? '');
  const draft = request.status_overall === 'DRAFT';
  const owner = request.owner.name || request.owner.email;

  const meta = draft
    ? t('view.draftMeta', { date: formatDate(lang, request.created_at) })
    : viewer.isOwner
      ? t('view.sentByYou', { date: formatDate(lang, request.initiated_at ?? request.created_at) })
      : t('view.sentBy', {
          name: owner,
          date: formatDate(lang, request.initiated_at ?? request.created_at),
        });

  if (editing) {
    return (
      <header className="rq-view__head">
        <form
          className="acc-form rq-details-form"
          aria-labelledby={`${id}-h`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run('details', async () => {
              const body = { title: title.trim(), message: message.trim() || null };
              if (!body.title) {
                document.getElementById(`${id}-title`)?.focus();
                return;
              }
              setRequest(
                await call(api.updateSignatureRequest, { params: { id: request.id }, body }),
              );
              setEditing(false);
            });
          }}
        >
          <h1 id={`${id}-h`}>{t('view.details')}</h1>
          <DetailsFields
            t={t}
            id={id}
            title={title}
            onTitle={setTitle}
            titleError={title.trim() ? undefined : t('account:form.required')}
            message={message}
            onMessage={setMessage}
          />
          <SaveCancel t={t} busy={busy !== null} onCancel={() => setEditing(false)} />
        </form>
      </header>
    );
  }

  const closed = request.closed;
  return (
    <header className="rq-view__head">
      <p className="rq-back">
        <a href="/dashboard">{t('view.back')}</a>
      </p>
      {business ? <BusinessBanner t={t} info={business} /> : null}
      <h1 id="page-heading">{request.title}</h1>
      <div className="rq-view__meta">
        <StateBadge t={t} state={viewer.state} />
        <span>{meta}</span>
        {request.status_overall === 'OPEN' && request.expires_at && (
          <span>{t('view.expiresOn', { date: formatDate(lang, request.expires_at) })}</span>
        )}
        {draft && viewer.can('update') && (
          <button
            type="button"
            className="btn btn--text rq-inline-action"
            onClick={() => {
              setTitle(request.title);
              setMessage(request.message ?? '');
              setEditing(true);
            }}
          >
            {t('view.editDetails')}
          </button>
        )}
      </div>
      {closed && (
        <div
          className={`rq-closed rq-closed--${closed.status.toLowerCase()}`}
          data-testid="request-closed"
        >
          <p>
            {t(`view.closed.${closed.status}`, {
              name: closed.by?.name || closed.by?.email || '',
              date: formatDate(lang, closed.at),
            })}
            {closed.by?.name && (
              <>
                {' '}
                (<Email address={closed.by.email} />)
              </>
            )}
          </p>
          {closed.message && (
            <p>
              <strong>{t('view.closedReason')}:</strong> “{closed.message}”
            </p>
          )}
        </div>
      )}
      <RequestMessage t={t} message={request.message} />
    </header>
  );
}
