import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from './request-dialog.tsx';

export const REMOVE_SIGNER_DIALOG = 'document/remove-signer';

/** Confirms removing a signer (`DELETE …/signatures/{sig}`; possible until the first signature). */
export function openRemoveSignerDialog(
  ctx: TRequestDialogContext & { sid: string; email: string },
): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: REMOVE_SIGNER_DIALOG,
    title: t('dialog.removeSigner.title'),
    body: t('dialog.removeSigner.body', { email: ctx.email }),
    confirm: t('dialog.removeSigner.confirm'),
    variant: 'danger',
    send: () =>
      call(api.removeSignatureRequestSigner, { params: { id: ctx.requestId, sig: ctx.sid } }),
  });
}
