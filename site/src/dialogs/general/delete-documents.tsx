import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from '../document/request-dialog.tsx';

export const DELETE_DOCUMENTS_DIALOG = 'general/delete-documents';

/**
 * Deletes a request that is not open (`DELETE /v3/signature-requests/{id}`): it leaves every
 * participant's dashboard; the evidence log is kept. `onDone(null)` follows.
 */
export function openDeleteDocumentsDialog(ctx: TRequestDialogContext & { title: string }): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: DELETE_DOCUMENTS_DIALOG,
    title: t('dialog.delete.title'),
    body: t('dialog.delete.body', { title: ctx.title }),
    confirm: t('dialog.delete.confirm'),
    variant: 'danger',
    send: async () => {
      await call(api.deleteSignatureRequest, { params: { id: ctx.requestId } });
      return null;
    },
  });
}
