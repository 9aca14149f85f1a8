import { isEmail } from '@signet/shared/validation/validation.rules';
import { delegateSignature, failureText } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { DialogForm, emptyValues, type TRequestDialogContext } from './fields.tsx';

export const DELEGATE_DIALOG = 'document/delegate';

/**
 * A signer hands their signature to another address (`POST …/delegate`, recorded in the
 * evidence log); the new signer is invited and the caller no longer signs.
 */
export function openDelegateDialog(ctx: TRequestDialogContext & { ownEmail: string }): void {
  const { t } = ctx;
  const values = emptyValues();
  openDialog({
    name: DELEGATE_DIALOG,
    title: t('dialog.delegate.title'),
    content: (
      <DialogForm
        name={DELEGATE_DIALOG}
        values={values}
        submit="delegate"
        intro={t('dialog.delegate.body')}
        emailLabel={t('dialog.delegate.email')}
        messageLabel={t('dialog.message')}
        messageNote={t('upload.optional')}
      />
    ),
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'delegate',
        label: t('dialog.delegate.confirm'),
        variant: 'primary',
        handler: async () => {
          const email = values.email.trim().toLowerCase();
          if (!isEmail(email)) throw new Error(t('account:form.email'));
          if (email === ctx.ownEmail.toLowerCase()) throw new Error(t('dialog.delegate.self'));
          try {
            ctx.onDone(await delegateSignature(ctx.requestId, email, values.message.trim()));
          } catch (error) {
            throw new Error(failureText(t, error));
          }
          showSnackbar({ message: t('snackbar.delegated', { email }), variant: 'success' });
        },
      },
    ],
  });
}
