import { isEmail } from '@signet/shared/validation/validation.rules';
import { addSigner, failureText } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { DialogForm, emptyValues, type TRequestDialogContext } from './fields.tsx';

export const ADD_SIGNER_DIALOG = 'document/add-signer';

/**
 * Adds a signer by e-mail (`POST …/signatures`), last in the sequence (`order`). On an open
 * request the server invites them at once when it is their turn. Failing: 'Failed to invite
 * signer' (spec section 8); the dialog stays open with the reason.
 */
export function openAddSignerDialog(ctx: TRequestDialogContext & { nextOrder: number }): void {
  const { t } = ctx;
  const values = emptyValues();
  openDialog({
    name: ADD_SIGNER_DIALOG,
    title: t('dialog.addSigner.title'),
    content: (
      <DialogForm
        name={ADD_SIGNER_DIALOG}
        values={values}
        submit="add"
        intro={t('dialog.addSigner.body')}
        emailLabel={t('dialog.email')}
      />
    ),
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'add',
        label: t('dialog.addSigner.confirm'),
        variant: 'primary',
        handler: async () => {
          const email = values.email.trim().toLowerCase();
          if (!isEmail(email)) throw new Error(t('account:form.email'));
          try {
            const updated = await addSigner(ctx.requestId, {
              signer_identity_data: { email_address: email },
              order: ctx.nextOrder,
            });
            ctx.onDone(updated);
          } catch (error) {
            showSnackbar({ message: t('snackbar.inviteFailed'), variant: 'error' });
            throw new Error(failureText(t, error));
          }
          showSnackbar({ message: t('snackbar.signerAdded', { email }), variant: 'success' });
        },
      },
    ],
  });
}
