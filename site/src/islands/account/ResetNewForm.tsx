import { type FormEvent, useEffect, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { apiErrorOf, errorText, resetPassword } from './api.ts';
import { FormAlert, PasswordField, SubmitButton } from './Field.tsx';
import { focusField, queryParam, required } from './form.ts';
import { PasswordVerdict } from './PasswordVerdict.tsx';
import { InvalidLink } from './SignupConfirm.tsx';
import { passwordMessageKey, usePasswordCheck } from './usePasswordCheck.ts';

type Props = { lang: Lang };

/** Tokens in links are 16–200 characters (ZLinkTokenSchema); anything else cannot be valid. */
const plausibleToken = (value: string | null): value is string =>
  !!value && value.length >= 16 && value.length <= 200;

/** `/password-reset/new?token=…`: a new password (checked live) → /password-reset/confirm. */
export default function ResetNewForm({ lang }: Props) {
  const t = getT(lang, 'account');
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const { check, verify } = usePasswordCheck(password);

  useEffect(() => {
    const value = queryParam('token');
    setToken(value);
    if (!plausibleToken(value)) setInvalid(true);
  }, []);

  useEffect(() => {
    if (invalid) focusField('reset-invalid');
  }, [invalid]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    setAlert(null);
    let problem = required(t, password);
    setError(problem);
    if (problem) {
      focusField('reset-password');
      return;
    }
    setBusy(true);
    try {
      const verdict = await verify();
      const key = passwordMessageKey(verdict);
      if (verdict.state === 'bad' && key) {
        problem = t(key);
        setError(problem);
        setBusy(false);
        focusField('reset-password');
        return;
      }
      await resetPassword({ token, new: password });
      window.location.assign('/password-reset/confirm');
    } catch (err) {
      setBusy(false);
      const { code, passwordCode } = apiErrorOf(err);
      if (code === 'INVALID_TOKEN') {
        setInvalid(true);
        return;
      }
      if (passwordCode) {
        setError(t(`password.${passwordCode}`));
        focusField('reset-password');
        return;
      }
      setAlert(errorText(t, err));
      focusField('reset-new-alert');
    }
  }

  if (invalid) {
    return <InvalidLink t={t} id="reset-invalid" prefix="resetNew" href="/password-reset" />;
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="reset-new-alert" message={alert} />
      <PasswordField
        t={t}
        id="reset-password"
        label={t('resetNew.password')}
        autoComplete="new-password"
        required
        value={password}
        onValue={(v) => {
          setPassword(v);
          setError(undefined);
        }}
        error={error}
        hint={<PasswordVerdict t={t} check={check} showError={!error} />}
      />
      <SubmitButton busy={busy} label={t('resetNew.submit')} t={t} />
    </form>
  );
}
