import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: visual-signature). */
export const DELETE_SIGNATURE_DIALOG = 'visual-signature/delete-signature';

/** Deletes a visual signature after asking; another one becomes the default. */
export function openDeleteSignatureDialog(
  t: TFunction,
  signature: { id: string; alias: string },
  onDone: () => void,
): void {
  openDialog({
    name: DELETE_SIGNATURE_DIALOG,
    title: t('visual.delete.title'),
    content: <p>{t('visual.delete.body', { alias: signature.alias })}</p>,
    actions: [
      { id: 'cancel', label: t('dialog.cancel'), variant: 'text' },
      {
        id: 'delete',
        label: t('visual.delete.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            await call(api.deleteVisualSignature, { params: { id: signature.id } });
          } catch (e) {
            throw new Error(errorMessage(t, e));
          }
          onDone();
        },
      },
    ],
  });
}
