import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from './request-dialog.tsx';

export const ADD_OBSERVER_DIALOG = 'document/add-observer';

/**
 * Adds an observer by e-mail (`POST …/observers`): they follow the request and get the signed
 * documents. Failing: 'Failed to add observer' (spec section 8); the dialog stays open.
 */
export function openAddObserverDialog(ctx: TRequestDialogContext): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: ADD_OBSERVER_DIALOG,
    title: t('dialog.addObserver.title'),
    body: t('dialog.addObserver.body'),
    confirm: t('dialog.addObserver.confirm'),
    variant: 'primary',
    emailLabel: t('dialog.email'),
    send: ({ email }) =>
      call(api.addSignatureRequestObserver, { params: { id: ctx.requestId }, body: { email } }),
    failed: t('snackbar.observerFailed'),
  });
}
