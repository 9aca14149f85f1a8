import { useStore } from '@nanostores/react';
import type { TBusinessPublicInformation } from '@signet/shared/business/business.schema';
import { codeFromLang, type TLang } from '@signet/shared/i18n/lang.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { useEffect, useState } from 'react';
import { openDelegateDialog } from '../../../dialogs/document/delegate.tsx';
import type { TRequestDialogContext } from '../../../dialogs/document/request-dialog.tsx';
import { openWithdrawDialog } from '../../../dialogs/document/withdraw.tsx';
import { openDeclineDialog } from '../../../dialogs/general/decline.tsx';
import { openDeleteDocumentsDialog } from '../../../dialogs/general/delete-documents.tsx';
import { api, call } from '../../../lib/api.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { $session } from '../../../stores/session.ts';
import { showSnackbar } from '../../../stores/snackbars.ts';
import { notify } from '../../account/session.ts';
import { downloads, type TDownload } from '../api.ts';
import type { TViewer } from './useRequest.ts';

/**
 * The signing overlay (with placement, TAN and quality steps) is loaded when the signer reaches
 * for the button, not with the page: most visits to a request only read it.
 */
const loadSigningOverlay = () => import('../../../overlays/signing.tsx');

type Props = {
  /** The request's business as signers see it (Part 11 asks for the reason). */
  business: TBusinessPublicInformation | null;
  t: TFunction;
  lang: TLang;
  user: TUser;
  request: TSignatureRequest;
  viewer: TViewer;
  dialog: TRequestDialogContext;
  busy: string | null;
  run: (name: string, action: () => Promise<void>, failedText?: string) => Promise<void>;
  reload: () => Promise<void>;
  setRequest: (request: TSignatureRequest) => void;
  download: (target: TDownload) => Promise<void>;
};

const timeFormat = (lang: TLang) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });

/** Re-renders when `at` (ISO) passes, so a button waiting for it becomes usable by itself. */
function usePassed(at: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const when = at ? Date.parse(at) : Number.NaN;
  useEffect(() => {
    if (!(when > Date.now())) return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(when - Date.now() + 500, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [when]);
  return !(when > now);
}

/**
 * The actions the viewer's role allows now, the next useful one first and largest: sign when it
 * is the viewer's turn, send a draft, download the signed documents and the protocol once
 * everyone signed. Then the others (remind — saying when it next reaches somebody —, decline,
 * delegate, withdraw), and delete last, apart and quiet.
 */
export function RequestActions(props: Props) {
  const {
    t,
    lang,
    user,
    request,
    viewer,
    dialog,
    busy,
    run,
    reload,
    setRequest,
    business,
    download,
  } = props;
  const { can, mine } = viewer;
  const params = { id: request.id };
  const remindReady = usePassed(request.remind_available_at);
  // The seals of the viewer's own business they may seal with (not the request's business).
  const seals = useStore($session).business?.seals ?? [];

  const startSigning = () =>
    loadSigningOverlay()
      .then(({ openSigningOverlay }) =>
        openSigningOverlay({
          t,
          requestId: request.id,
          title: request.title,
          defaultName: `${user.firstName} ${user.lastName}`.trim(),
          language: codeFromLang(lang),
          part11: Boolean(business?.part11),
          seals,
          onSigned: () => void reload(),
          documents: request.documents,
          placements: mine?.document_signatures ?? [],
        }),
      )
      .catch(() => showSnackbar({ message: t('account:error.network'), variant: 'error' }));

  const completed = request.status_overall === 'SIGNED';
  const single = request.documents.length === 1 ? request.documents[0] : undefined;
  const remindable = can('remind') && request.remind_available_at !== null;

  return (
    <section className="rq-actions" aria-label={t('view.actions')}>
      {mine?.status_code === 'WAITING' && request.status_overall === 'OPEN' && (
        <p className="rq-hint rq-actions__note" role="status">
          {t('view.waitingForOthers')}
        </p>
      )}
      <div className="rq-actions__main">
        {can('sign') && (
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={startSigning}
            onPointerEnter={() => void loadSigningOverlay()}
            onFocus={() => void loadSigningOverlay()}
          >
            {t('action.sign')}
          </button>
        )}
        {can('initiate') && (
          <button
            type="button"
            className="btn btn--primary btn--lg"
            disabled={busy !== null}
            onClick={() =>
              void run('initiate', async () => {
                setRequest(await call(api.initiateSignatureRequest, { params }));
                showSnackbar({ message: t('upload.sent'), variant: 'success' });
              })
            }
          >
            {t('action.send')}
          </button>
        )}
        {completed && (
          <>
            <button
              type="button"
              className="btn btn--primary btn--lg"
              disabled={busy !== null}
              onClick={() =>
                void download(single ? downloads.document(single.id) : downloads.zip(request.id))
              }
            >
              {single ? t('action.downloadSigned') : t('action.downloadSignedAll')}
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--lg"
              disabled={busy !== null}
              onClick={() => void download(downloads.protocol(request.id))}
            >
              {t('action.downloadProtocol')}
            </button>
          </>
        )}
        {remindable && (
          <div className="rq-actions__remind">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy !== null || !remindReady}
              aria-describedby={remindReady ? undefined : 'rq-remind-next'}
              onClick={() =>
                void run(
                  'remind',
                  async () => {
                    const { reminded } = await call(api.remindSignatureRequest, { params });
                    showSnackbar({
                      message: t('snackbar.reminded', { count: reminded.length }),
                      variant: 'success',
                    });
                    await reload();
                  },
                  t('snackbar.remindFailed'),
                )
              }
            >
              {t('action.remind')}
            </button>
            {!remindReady && request.remind_available_at && (
              <span className="rq-hint" id="rq-remind-next" data-testid="remind-next">
                {t('view.remindNext', {
                  time: timeFormat(lang).format(new Date(request.remind_available_at)),
                })}
              </span>
            )}
          </div>
        )}
        {can('decline') && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openDeclineDialog(dialog)}
          >
            {t('action.decline')}
          </button>
        )}
        {can('delegate') && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openDelegateDialog({ ...dialog, ownEmail: user.email })}
          >
            {t('action.delegate')}
          </button>
        )}
        {can('withdraw') && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openWithdrawDialog(dialog)}
          >
            {t('action.withdraw')}
          </button>
        )}
      </div>
      {can('delete') && (
        <button
          type="button"
          className="btn btn--text btn--danger-text rq-actions__delete"
          onClick={() =>
            openDeleteDocumentsDialog({
              ...dialog,
              title: request.title,
              onDone: () => {
                notify(t('snackbar.deleted'), 'success', true);
                window.location.assign('/dashboard');
              },
            })
          }
        >
          {t('action.deleteRequest')}
        </button>
      )}
    </section>
  );
}
