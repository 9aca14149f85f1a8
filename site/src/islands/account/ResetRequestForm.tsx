import { type FormEvent, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import { type Lang, linkCode } from '../../lib/lang.ts';
import { errorText, requestReset } from './api.ts';
import { FormAlert, SubmitButton, TextField } from './Field.tsx';
import { email as emailRule, focusField } from './form.ts';
import { rememberEmail } from './session.ts';

type Props = { lang: Lang; initialEmail?: string | undefined };

/** `/password-reset`: e-mail → reset mail (same answer whether or not it has an account). */
export default function ResetRequestForm({ lang, initialEmail }: Props) {
  const t = getT(lang, 'account');
  const [email, setEmail] = useState(initialEmail ?? '');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = emailRule(t, email);
    setError(problem);
    if (problem) {
      focusField('reset-email');
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      const address = email.trim().toLowerCase();
      await requestReset({ email: address, lang: linkCode(lang) });
      rememberEmail('reset', address);
      window.location.assign('/password-reset/mail-sent');
    } catch (err) {
      setBusy(false);
      setAlert(errorText(t, err));
      focusField('reset-alert');
    }
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="reset-alert" message={alert} />
      <TextField
        id="reset-email"
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={(v) => {
          setEmail(v);
          setError(undefined);
        }}
        error={error}
      />
      <SubmitButton busy={busy} label={t('reset.submit')} t={t} />
    </form>
  );
}
