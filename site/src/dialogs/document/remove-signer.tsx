import { failureText, removeSigner } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import type { TRequestDialogContext } from './fields.tsx';

export const REMOVE_SIGNER_DIALOG = 'document/remove-signer';

/** Confirms removing a signer (`DELETE …/signatures/{sig}`; possible until the first signature). */
export function openRemoveSignerDialog(
  ctx: TRequestDialogContext & { sid: string; email: string },
): void {
  const { t } = ctx;
  openDialog({
    name: REMOVE_SIGNER_DIALOG,
    title: t('dialog.removeSigner.title'),
    content: <p>{t('dialog.removeSigner.body', { email: ctx.email })}</p>,
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'remove',
        label: t('dialog.removeSigner.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            ctx.onDone(await removeSigner(ctx.requestId, ctx.sid));
          } catch (error) {
            throw new Error(failureText(t, error));
          }
        },
      },
    ],
  });
}
