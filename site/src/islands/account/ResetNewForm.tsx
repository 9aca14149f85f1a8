import type { TLang } from '@signet/shared/i18n/lang.rules';
import { isPlausibleLinkToken } from '@signet/shared/user/user.constants';
import { useEffect, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { focusField, queryParam, useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { FormAlert, PasswordField, SubmitButton } from './Field.tsx';
import { PasswordVerdict } from './PasswordVerdict.tsx';
import { InvalidLink } from './SignupConfirm.tsx';
import { checkNewPassword, passwordRefusal, usePasswordCheck } from './usePasswordCheck.ts';

type Props = { lang: TLang };
const IDS = { password: 'reset-password' } as const;

/** `/password-reset/new?token=…`: a new password (checked live) → /password-reset/confirm. */
export default function ResetNewForm({ lang }: Props) {
  const t = getT(lang, 'account');
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { check, verify } = usePasswordCheck(password);
  const form = useFormSubmit({ t, ids: IDS, alertId: 'reset-new-alert' });

  useEffect(() => {
    const value = queryParam('token');
    if (isPlausibleLinkToken(value)) setToken(value);
    else setInvalid(true);
  }, []);

  useEffect(() => {
    if (invalid) focusField('reset-invalid');
  }, [invalid]);

  const onSubmit = form.submit({
    check: async () => ({ password: await checkNewPassword(t, password, verify) }),
    run: async () => {
      if (!token) return;
      await call(api.resetPassword, { body: { token, new: password } });
      window.location.assign('/password-reset/confirm');
    },
    refused: (error) => {
      const policy = passwordRefusal(t, error);
      if (policy) return { errors: { password: policy } };
      if (error.code !== 'INVALID_TOKEN') return null;
      setInvalid(true);
      return { alert: t('resetNew.invalidTitle') };
    },
  });

  if (invalid) {
    return <InvalidLink t={t} id="reset-invalid" prefix="resetNew" href="/password-reset" />;
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="reset-new-alert" message={form.alert} />
      <PasswordField
        t={t}
        id={IDS.password}
        label={t('resetNew.password')}
        autoComplete="new-password"
        required
        value={password}
        onValue={(v) => {
          setPassword(v);
          form.touch('password');
        }}
        error={form.errors.password}
        hint={<PasswordVerdict t={t} check={check} showError={!form.errors.password} />}
      />
      <SubmitButton busy={form.busy} label={t('resetNew.submit')} t={t} />
    </form>
  );
}
