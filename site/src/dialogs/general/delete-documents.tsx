import { deleteRequest, failureText } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import type { TRequestDialogContext } from '../document/fields.tsx';

export const DELETE_DOCUMENTS_DIALOG = 'general/delete-documents';

/**
 * Deletes a request that is not open (`DELETE /v3/signature-requests/{id}`): it leaves every
 * participant's dashboard; the evidence log is kept. `onDone(null)` follows.
 */
export function openDeleteDocumentsDialog(ctx: TRequestDialogContext & { title: string }): void {
  const { t } = ctx;
  openDialog({
    name: DELETE_DOCUMENTS_DIALOG,
    title: t('dialog.delete.title'),
    content: <p>{t('dialog.delete.body', { title: ctx.title })}</p>,
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'delete',
        label: t('dialog.delete.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            await deleteRequest(ctx.requestId);
          } catch (error) {
            throw new Error(failureText(t, error));
          }
          ctx.onDone(null);
        },
      },
    ],
  });
}
