import { useStore } from '@nanostores/react';
import { REQUEST_LIMITS } from '@signet/shared/signature-request/signature-request.constants';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { isEmail } from '@signet/shared/validation/validation.rules';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { $dialog, type ButtonVariant, openDialog, runDialogAction } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';

/** What every request dialog gets: translations, the request id and where the result goes. */
export type TRequestDialogContext = {
  t: TFunction;
  requestId: string;
  /** The request as the server returned it after the change (or null when it was deleted). */
  onDone: (updated: TSignatureRequest | null) => void;
};

/** What a dialog's fields hold when its action runs. */
export type TDialogValues = { email: string; message: string };

/**
 * One request dialog of the spec's list (document/…, general/…): a text, an optional e-mail
 * field, an optional message, and one action that calls the server. The shape every request
 * dialog shares lives here; each dialog file only says what it asks and what it sends.
 */
export type TRequestDialogSpec = {
  /** Spec name, e.g. `document/withdraw`. */
  name: string;
  title: string;
  /** The text above the fields. */
  body: string;
  /** The action's button and its look. */
  confirm: string;
  variant: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** Label of the e-mail field; without it the dialog asks for none. */
  emailLabel?: string;
  /** Label of the optional message field; without it the dialog asks for none. */
  messageLabel?: string;
  /** Refuses an e-mail address the rules allow but this dialog does not (e.g. one's own). */
  refuseEmail?: (email: string) => string | null;
  /** The call; its result goes to `ctx.onDone`. */
  send: (values: TDialogValues) => Promise<TSignatureRequest | null>;
  /** Snackbar when the call fails (spec section 8 names some: 'Failed to invite signer'). */
  failed?: string;
  /** Snackbar when it worked. */
  succeeded?: (values: TDialogValues) => string;
};

/** Opens a request dialog; it stays open with the reason when the call fails. */
export function openRequestDialog(ctx: TRequestDialogContext, spec: TRequestDialogSpec): void {
  const { t } = ctx;
  const values: TDialogValues = { email: '', message: '' };
  openDialog({
    name: spec.name,
    title: spec.title,
    content: <DialogFields spec={spec} values={values} t={t} />,
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'confirm',
        label: spec.confirm,
        variant: spec.variant,
        handler: async () => {
          values.email = values.email.trim().toLowerCase();
          values.message = values.message.trim();
          if (spec.emailLabel) {
            if (!isEmail(values.email)) throw new Error(t('account:form.email'));
            const refused = spec.refuseEmail?.(values.email);
            if (refused) throw new Error(refused);
          }
          let updated: TSignatureRequest | null;
          try {
            updated = await spec.send(values);
          } catch (error) {
            if (spec.failed) showSnackbar({ message: spec.failed, variant: 'error' });
            throw new Error(errorMessage(t, error));
          }
          ctx.onDone(updated);
          if (spec.succeeded) showSnackbar({ message: spec.succeeded(values), variant: 'success' });
        },
      },
    ],
  });
}

/**
 * The dialog's text and fields. The host shows the dialog's error and focuses the first field;
 * Enter runs the action.
 */
function DialogFields({
  spec,
  values,
  t,
}: {
  spec: TRequestDialogSpec;
  values: TDialogValues;
  t: TFunction;
}) {
  const id = useId();
  const dialog = useStore($dialog);
  const [email, setEmail] = useState(values.email);
  const [message, setMessage] = useState(values.message);
  const error = dialog?.name === spec.name ? dialog.error : null;
  const hasFields = spec.emailLabel !== undefined || spec.messageLabel !== undefined;
  if (!hasFields) return <p>{spec.body}</p>;
  return (
    <form
      className="acc-form acc-form--dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runDialogAction('confirm');
      }}
    >
      <p id={`${id}-intro`}>{spec.body}</p>
      {spec.emailLabel && (
        <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
          <label htmlFor={`${id}-email`}>{spec.emailLabel}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={email}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              values.email = e.currentTarget.value;
            }}
          />
        </div>
      )}
      {spec.messageLabel && (
        <div className="acc-field">
          <label htmlFor={`${id}-message`}>
            {spec.messageLabel}
            <span className="acc-field__note"> {t('upload.optional')}</span>
          </label>
          <textarea
            id={`${id}-message`}
            rows={3}
            maxLength={REQUEST_LIMITS.noteMaxLength}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              values.message = e.currentTarget.value;
            }}
          />
        </div>
      )}
    </form>
  );
}
