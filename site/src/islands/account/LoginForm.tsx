import type { TLang } from '@signet/shared/i18n/lang.rules';
import { takeRememberedPath } from '@signet/shared/session/session';
import { useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { email as emailRule, focusField, required, useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { startSession } from '../../stores/session.ts';
import { FormAlert, PasswordField, SubmitButton, TextField } from './Field.tsx';

type Props = { lang: TLang; initialEmail?: string | undefined };
const IDS = { email: 'login-email', password: 'login-password' } as const;

/** `/login`: e-mail and password; on success back to the remembered path or /dashboard. */
export default function LoginForm({ lang, initialEmail }: Props) {
  const t = getT(lang, 'account');
  const [values, setValues] = useState({ email: initialEmail ?? '', password: '' });
  const form = useFormSubmit({ t, ids: IDS, alertId: 'login-alert' });

  const set = (key: keyof typeof IDS) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    form.touch(key);
  };

  const onSubmit = form.submit({
    check: () => ({ email: emailRule(t, values.email), password: required(t, values.password) }),
    run: async () => {
      const result = await call(api.login, {
        body: { email: values.email.trim().toLowerCase(), password: values.password },
      });
      startSession(result);
      window.location.assign(
        result.user.attributes.weakPassword ? '/profile/change-password' : takeRememberedPath(),
      );
    },
    refused: (error) => {
      if (error.code !== 'INVALID_CREDENTIALS') return null;
      setValues((v) => ({ ...v, password: '' }));
      // The alert says why; the password field is where the user goes on.
      queueMicrotask(() => focusField(IDS.password));
      return { alert: t('login.invalidCredentials') };
    },
  });

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="login-alert" message={form.alert} />
      <TextField
        id={IDS.email}
        label={t('field.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        value={values.email}
        onValue={set('email')}
        error={form.errors.email}
      />
      <PasswordField
        t={t}
        id={IDS.password}
        label={t('field.password')}
        autoComplete="current-password"
        required
        value={values.password}
        onValue={set('password')}
        error={form.errors.password}
      />
      <p className="acc-form__aside">
        <a href="/password-reset">{t('login.forgot')}</a>
      </p>
      <SubmitButton busy={form.busy} label={t('login.submit')} t={t} />
    </form>
  );
}
