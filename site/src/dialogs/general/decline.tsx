import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from '../document/request-dialog.tsx';

export const DECLINE_DIALOG = 'general/decline';

/**
 * A signer declines the request (`POST …/decline` with a message): it becomes DECLINED and the
 * owner and the other participants are told.
 */
export function openDeclineDialog(ctx: TRequestDialogContext): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: DECLINE_DIALOG,
    title: t('dialog.decline.title'),
    body: t('dialog.decline.body'),
    confirm: t('dialog.decline.confirm'),
    variant: 'danger',
    messageLabel: t('dialog.decline.reason'),
    send: ({ message }) =>
      call(api.declineSignatureRequest, { params: { id: ctx.requestId }, body: { message } }),
    succeeded: () => t('snackbar.declined'),
  });
}
