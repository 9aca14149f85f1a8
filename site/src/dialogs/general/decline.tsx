import { declineRequest, failureText } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { DialogForm, emptyValues, type TRequestDialogContext } from '../document/fields.tsx';

export const DECLINE_DIALOG = 'general/decline';

/**
 * A signer declines the request (`POST …/decline` with a message): it becomes DECLINED and the
 * owner and the other participants are told.
 */
export function openDeclineDialog(ctx: TRequestDialogContext): void {
  const { t } = ctx;
  const values = emptyValues();
  openDialog({
    name: DECLINE_DIALOG,
    title: t('dialog.decline.title'),
    content: (
      <DialogForm
        name={DECLINE_DIALOG}
        values={values}
        submit="decline"
        intro={t('dialog.decline.body')}
        messageLabel={t('dialog.decline.reason')}
        messageNote={t('upload.optional')}
      />
    ),
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'decline',
        label: t('dialog.decline.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            ctx.onDone(await declineRequest(ctx.requestId, values.message.trim()));
          } catch (error) {
            throw new Error(failureText(t, error));
          }
          showSnackbar({ message: t('snackbar.declined'), variant: 'success' });
        },
      },
    ],
  });
}
