import { useStore } from '@nanostores/react';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { useId, useState } from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import { $dialog, runDialogAction } from '../../stores/modals.ts';

/** Values a dialog body edits; the action handler reads them when the button is pressed. */
export type TDialogValues = { email: string; message: string };

export const emptyValues = (): TDialogValues => ({ email: '', message: '' });

type BodyProps = {
  /** Spec name of the dialog, to show only its own error. */
  name: string;
  values: TDialogValues;
  /** The action Enter runs. */
  submit: string;
  intro?: string;
  emailLabel?: string;
  messageLabel?: string;
  messageNote?: string;
};

/**
 * The form inside the request dialogs: an optional e-mail field and an optional message field.
 * The host shows the dialog's error; the first field takes focus (the host focuses the close
 * button first).
 */
export function DialogForm({
  name,
  values,
  submit,
  intro,
  emailLabel,
  messageLabel,
  messageNote,
}: BodyProps) {
  const id = useId();
  const dialog = useStore($dialog);
  const [email, setEmail] = useState(values.email);
  const [message, setMessage] = useState(values.message);
  const error = dialog?.name === name ? dialog.error : null;
  return (
    <form
      className="acc-form acc-form--dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runDialogAction(submit);
      }}
    >
      {intro && <p id={`${id}-intro`}>{intro}</p>}
      {emailLabel && (
        <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
          <label htmlFor={`${id}-email`}>{emailLabel}</label>
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
      {messageLabel && (
        <div className="acc-field">
          <label htmlFor={`${id}-message`}>
            {messageLabel}
            {messageNote && <span className="acc-field__note"> {messageNote}</span>}
          </label>
          <textarea
            id={`${id}-message`}
            rows={3}
            maxLength={2000}
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

/** What every request dialog gets: translations, the request id and where the result goes. */
export type TRequestDialogContext = {
  t: TFunction;
  requestId: string;
  /** The request as the server returned it after the change (or null when it was deleted). */
  onDone: (updated: TSignatureRequest | null) => void;
};
