import { isEmail } from '@signet/shared/validation/validation.rules';
import { addObserver, failureText } from '../../islands/requests/api.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { DialogForm, emptyValues, type TRequestDialogContext } from './fields.tsx';

export const ADD_OBSERVER_DIALOG = 'document/add-observer';

/**
 * Adds an observer by e-mail (`POST …/observers`): they follow the request and get the signed
 * documents. Failing: 'Failed to add observer' (spec section 8); the dialog stays open.
 */
export function openAddObserverDialog(ctx: TRequestDialogContext): void {
  const { t } = ctx;
  const values = emptyValues();
  openDialog({
    name: ADD_OBSERVER_DIALOG,
    title: t('dialog.addObserver.title'),
    content: (
      <DialogForm
        name={ADD_OBSERVER_DIALOG}
        values={values}
        submit="add"
        intro={t('dialog.addObserver.body')}
        emailLabel={t('dialog.email')}
      />
    ),
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'add',
        label: t('dialog.addObserver.confirm'),
        variant: 'primary',
        handler: async () => {
          const email = values.email.trim().toLowerCase();
          if (!isEmail(email)) throw new Error(t('account:form.email'));
          try {
            ctx.onDone(await addObserver(ctx.requestId, email));
          } catch (error) {
            showSnackbar({ message: t('snackbar.observerFailed'), variant: 'error' });
            throw new Error(failureText(t, error));
          }
        },
      },
    ],
  });
}
