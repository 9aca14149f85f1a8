import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from '../document/request-dialog.tsx';

export const DECLINE_DIALOG = 'general/decline';

/**
 * A signer declines the request (`POST …/decline` with a message): it becomes DECLINED and the
 * owner and the other participants are told. A direct signer's page passes its own call
 * (`POST /v3/direct/signature-requests/{id}/decline`) as `send`.
 */
export function openDeclineDialog(
  ctx: TRequestDialogContext,
  send?: (message: string) => Promise<TSignatureRequest | null>,
): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: DECLINE_DIALOG,
    title: t('dialog.decline.title'),
    body: t('dialog.decline.body'),
    confirm: t('dialog.decline.confirm'),
    variant: 'danger',
    messageLabel: t('dialog.decline.reason'),
    send: ({ message }) =>
      send
        ? send(message)
        : call(api.declineSignatureRequest, { params: { id: ctx.requestId }, body: { message } }),
    succeeded: () => t('snackbar.declined'),
  });
}
