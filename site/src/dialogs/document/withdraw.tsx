import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from './request-dialog.tsx';

export const WITHDRAW_DIALOG = 'document/withdraw';

/**
 * The owner withdraws an open request (`POST …/withdraw` with a message for the signers); it
 * becomes WITHDRAWN and everyone is told.
 */
export function openWithdrawDialog(ctx: TRequestDialogContext): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: WITHDRAW_DIALOG,
    title: t('dialog.withdraw.title'),
    body: t('dialog.withdraw.body'),
    confirm: t('dialog.withdraw.confirm'),
    variant: 'danger',
    messageLabel: t('dialog.message'),
    send: ({ message }) =>
      call(api.withdrawSignatureRequest, { params: { id: ctx.requestId }, body: { message } }),
    succeeded: () => t('snackbar.withdrawn'),
  });
}
