import { type FormEvent, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { apiErrorOf, errorText, login } from './api.ts';
import { FormAlert, PasswordField, SubmitButton, TextField } from './Field.tsx';
import { email as emailRule, type FieldErrors, firstError, focusField, required } from './form.ts';
import { afterLoginPath, startSession } from './session.ts';

type Props = { lang: Lang; initialEmail?: string | undefined };
type Key = 'email' | 'password';
const ORDER: readonly Key[] = ['email', 'password'];
const IDS: Record<Key, string> = { email: 'login-email', password: 'login-password' };

/** `/login`: e-mail and password; on success back to the remembered path or /dashboard. */
export default function LoginForm({ lang, initialEmail }: Props) {
  const t = getT(lang, 'account');
  const [values, setValues] = useState({ email: initialEmail ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: FieldErrors<Key> = {
      email: emailRule(t, values.email),
      password: required(t, values.password),
    };
    setErrors(next);
    const first = firstError(ORDER, next);
    if (first) {
      setAlert(null);
      focusField(IDS[first]);
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      const result = await login({
        email: values.email.trim().toLowerCase(),
        password: values.password,
      });
      startSession(result);
      window.location.assign(
        result.user.attributes.weakPassword ? '/profile/change-password' : afterLoginPath(),
      );
    } catch (error) {
      const { code } = apiErrorOf(error);
      setBusy(false);
      if (code === 'INVALID_CREDENTIALS') {
        setAlert(t('login.invalidCredentials'));
        setValues((v) => ({ ...v, password: '' }));
        focusField(IDS.password);
        return;
      }
      setAlert(errorText(t, error));
      focusField('login-alert');
    }
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="login-alert" message={alert} />
      <TextField
        id={IDS.email}
        label={t('field.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        value={values.email}
        onValue={set('email')}
        error={errors.email}
      />
      <PasswordField
        t={t}
        id={IDS.password}
        label={t('field.password')}
        autoComplete="current-password"
        required
        value={values.password}
        onValue={set('password')}
        error={errors.password}
      />
      <p className="acc-form__aside">
        <a href="/password-reset">{t('login.forgot')}</a>
      </p>
      <SubmitButton busy={busy} label={t('login.submit')} t={t} />
    </form>
  );
}
