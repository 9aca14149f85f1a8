import { useStore } from '@nanostores/react';
import { ApiError } from '@signet/shared/api/browser';
import { useId, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { pageLang } from '../../lib/i18n.ts';
import { statusPageUrl } from '../../lib/status-pages.ts';
import { $dialog, openDialog, runDialogAction } from '../../stores/modals.ts';
import { clearSession } from '../../stores/session.ts';

/** Spec name of the dialog (spec section 2, dialogs: profile). */
export const DELETE_ACCOUNT_DIALOG = 'profile/delete-account';

/**
 * Opens the delete-account dialog: the password confirms; on success the session ends and the
 * user lands on /bye. A wrong password keeps the dialog open with the error shown.
 */
export function openDeleteAccountDialog(t: TFunction): void {
  const state = { password: '' };
  openDialog({
    name: DELETE_ACCOUNT_DIALOG,
    title: t('deleteAccount.title'),
    content: <DeleteAccountBody t={t} state={state} />,
    actions: [
      { id: 'cancel', label: t('deleteAccount.cancel'), variant: 'text' },
      {
        id: 'delete',
        label: t('deleteAccount.confirm'),
        variant: 'danger',
        handler: async () => {
          if (state.password === '') throw new Error(t('form.required'));
          try {
            await call(api.deleteUser, { body: { password: state.password } });
          } catch (error) {
            if (ApiError.of(error).code === 'WRONG_PASSWORD') {
              throw new Error(t('deleteAccount.wrongPassword'));
            }
            // e.g. 409 LAST_BUSINESS_ADMIN: the errors namespace explains it.
            throw new Error(errorMessage(t, error));
          }
          clearSession();
          window.location.assign(statusPageUrl('/bye', pageLang()));
        },
      },
    ],
  });
}

function DeleteAccountBody({ t, state }: { t: TFunction; state: { password: string } }) {
  const id = useId();
  const dialog = useStore($dialog);
  const [value, setValue] = useState('');
  const error = dialog?.name === DELETE_ACCOUNT_DIALOG ? dialog.error : null;
  return (
    <form
      className="acc-form acc-form--dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runDialogAction('delete');
      }}
    >
      <p id={`${id}-body`}>{t('deleteAccount.body')}</p>
      <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-password`}>{t('field.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-body`}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            state.password = e.currentTarget.value;
          }}
        />
      </div>
    </form>
  );
}
