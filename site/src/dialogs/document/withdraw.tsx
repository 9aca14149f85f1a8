import { failureText, withdrawRequest } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { DialogForm, emptyValues, type TRequestDialogContext } from './fields.tsx';

export const WITHDRAW_DIALOG = 'document/withdraw';

/**
 * The owner withdraws an open request (`POST …/withdraw` with a message for the signers); it
 * becomes WITHDRAWN and everyone is told.
 */
export function openWithdrawDialog(ctx: TRequestDialogContext): void {
  const { t } = ctx;
  const values = emptyValues();
  openDialog({
    name: WITHDRAW_DIALOG,
    title: t('dialog.withdraw.title'),
    content: (
      <DialogForm
        name={WITHDRAW_DIALOG}
        values={values}
        submit="withdraw"
        intro={t('dialog.withdraw.body')}
        messageLabel={t('dialog.message')}
        messageNote={t('upload.optional')}
      />
    ),
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'withdraw',
        label: t('dialog.withdraw.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            ctx.onDone(await withdrawRequest(ctx.requestId, values.message.trim()));
          } catch (error) {
            throw new Error(failureText(t, error));
          }
          showSnackbar({ message: t('snackbar.withdrawn'), variant: 'success' });
        },
      },
    ],
  });
}
