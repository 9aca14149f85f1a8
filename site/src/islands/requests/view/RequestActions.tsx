import type { TBusinessPublicInformation } from '@signet/shared/business/business.schema';
import { codeFromLang, type TLang } from '@signet/shared/i18n/lang.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { openDelegateDialog } from '../../../dialogs/document/delegate.tsx';
import type { TRequestDialogContext } from '../../../dialogs/document/request-dialog.tsx';
import { openWithdrawDialog } from '../../../dialogs/document/withdraw.tsx';
import { openDeclineDialog } from '../../../dialogs/general/decline.tsx';
import { openDeleteDocumentsDialog } from '../../../dialogs/general/delete-documents.tsx';
import { api, call } from '../../../lib/api.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { openSigningOverlay } from '../../../overlays/signing.tsx';
import { showSnackbar } from '../../../stores/snackbars.ts';
import { notify } from '../../account/session.ts';
import type { TViewer } from './useRequest.ts';

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
};

/**
 * The actions the viewer's role allows now: sign, send a draft, remind, decline, delegate,
 * withdraw, delete.
 */
export function RequestActions(props: Props) {
  const { t, lang, user, request, viewer, dialog, busy, run, reload, setRequest, business } = props;
  const { can, mine } = viewer;
  const params = { id: request.id };

  const startSigning = () =>
    openSigningOverlay({
      t,
      requestId: request.id,
      title: request.title,
      defaultName: `${user.firstName} ${user.lastName}`.trim(),
      language: codeFromLang(lang),
      part11: Boolean(business?.part11),
      onSigned: () => void reload(),
      documents: request.documents,
      placements: mine?.document_signatures ?? [],
    });

  return (
    <section className="rq-actions" aria-label={t('view.actions')}>
      {mine?.status_code === 'WAITING' && request.status_overall === 'OPEN' && (
        <p className="rq-hint" role="status">
          {t('view.waitingForOthers')}
        </p>
      )}
      {can('sign') && (
        <button type="button" className="btn btn--primary btn--xl" onClick={startSigning}>
          {t('action.sign')}
        </button>
      )}
      {can('initiate') && (
        <button
          type="button"
          className="btn btn--primary"
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
      {can('remind') && request.signatures.some((s) => s.status_code === 'OPEN') && (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy !== null}
          onClick={() =>
            void run(
              'remind',
              async () => {
                const { reminded } = await call(api.remindSignatureRequest, { params });
                showSnackbar({
                  message: t('snackbar.reminded', { count: reminded.length }),
                  variant: 'success',
                });
                void reload();
              },
              t('snackbar.remindFailed'),
            )
          }
        >
          {t('action.remind')}
        </button>
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
      {can('delete') && (
        <button
          type="button"
          className="btn btn--danger"
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
          {t('action.delete')}
        </button>
      )}
    </section>
  );
}
