import type { TLang } from '@signet/shared/i18n/lang.rules';
import { NAME_MAX_LENGTH } from '@signet/shared/user/user.constants';
import { useEffect, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import {
  focusField,
  maxLength,
  optionalMobile,
  queryParam,
  required,
  useFormSubmit,
} from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { startSession } from '../../stores/session.ts';
import { FormAlert, PasswordField, SubmitButton, TextField } from './Field.tsx';
import { PasswordVerdict } from './PasswordVerdict.tsx';
import { InvalidLink } from './SignupConfirm.tsx';
import { accountLangOf } from './SignupForm.tsx';
import { afterSignupPath, readReferral } from './session.ts';
import { checkNewPassword, passwordRefusal, usePasswordCheck } from './usePasswordCheck.ts';

type Props = { lang: TLang };
const IDS = {
  firstName: 'steps-first-name',
  lastName: 'steps-last-name',
  password: 'steps-password',
  mobile: 'steps-mobile',
  gtc: 'steps-gtc',
} as const;
type Key = keyof typeof IDS;

/**
 * `/signup/steps?token=…`: names, password (checked live by the server), terms and an optional
 * mobile number → `POST /v1/register` → signed in → /welcome.
 */
export default function SignupSteps({ lang }: Props) {
  const t = getT(lang, 'account');
  const [token, setToken] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [state, setState] = useState<'checking' | 'ready' | 'invalid'>('checking');
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '', mobile: '' });
  const [gtc, setGtc] = useState(false);
  const { check, verify } = usePasswordCheck(values.password, token);
  const form = useFormSubmit({ t, ids: IDS, alertId: 'steps-alert' });

  useEffect(() => {
    const value = queryParam('token');
    if (!value) {
      setState('invalid');
      return;
    }
    setToken(value);
    call(api.validConfirmation, { body: { token: value } })
      .then((res) => {
        if (!res.valid) return setState('invalid');
        setEmail(res.email ?? null);
        setState('ready');
      })
      .catch(() => setState('invalid'));
  }, []);

  useEffect(() => {
    if (state === 'ready') focusField(IDS.firstName);
    if (state === 'invalid') focusField('steps-invalid');
  }, [state]);

  const set = (key: Exclude<Key, 'gtc'>) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    form.touch(key);
  };

  const name = (value: string) => required(t, value) ?? maxLength(t, value.trim(), NAME_MAX_LENGTH);

  const onSubmit = form.submit({
    check: async () => ({
      firstName: name(values.firstName),
      lastName: name(values.lastName),
      password: await checkNewPassword(t, values.password, verify),
      mobile: optionalMobile(t, values.mobile),
      gtc: gtc ? undefined : t('signupSteps.gtcRequired'),
    }),
    run: async () => {
      if (!token) return;
      const referral = readReferral();
      const mobile = values.mobile.trim();
      const result = await call(api.register, {
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          password: values.password,
          token,
          gtc: true,
          lang: accountLangOf(lang),
          ...(mobile ? { mobile } : {}),
          ...(referral ? { celloUCC: referral } : {}),
        },
      });
      startSession(result);
      window.location.assign(afterSignupPath());
    },
    refused: (error) => {
      const policy = passwordRefusal(t, error);
      if (policy) return { errors: { password: policy } };
      // The link was used or expired meanwhile: the only way on is a new one.
      if (error.code !== 'INVALID_TOKEN' && error.code !== 'EMAIL_TAKEN') return null;
      setState('invalid');
      return { alert: t('signupConfirm.invalidTitle') };
    },
  });

  if (state === 'checking') {
    return (
      <p className="acc-status" role="status">
        {t('signupConfirm.checking')}
      </p>
    );
  }
  if (state === 'invalid') {
    return <InvalidLink t={t} id="steps-invalid" prefix="signupConfirm" href="/signup" />;
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      {email ? <p className="acc-lead">{t('signupSteps.intro', { email })}</p> : null}
      <FormAlert id="steps-alert" message={form.alert} />
      <div className="acc-row">
        <TextField
          id={IDS.firstName}
          label={t('field.firstName')}
          autoComplete="given-name"
          required
          value={values.firstName}
          onValue={set('firstName')}
          error={form.errors.firstName}
        />
        <TextField
          id={IDS.lastName}
          label={t('field.lastName')}
          autoComplete="family-name"
          required
          value={values.lastName}
          onValue={set('lastName')}
          error={form.errors.lastName}
        />
      </div>
      {/* Lets password managers store the new credentials under the right account. */}
      {email ? <input type="email" autoComplete="username" value={email} readOnly hidden /> : null}
      <PasswordField
        t={t}
        id={IDS.password}
        label={t('field.password')}
        autoComplete="new-password"
        required
        value={values.password}
        onValue={set('password')}
        error={form.errors.password}
        hint={<PasswordVerdict t={t} check={check} showError={!form.errors.password} />}
      />
      <TextField
        id={IDS.mobile}
        label={t('field.mobile')}
        labelNote={t('form.optional')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.mobile}
        onValue={set('mobile')}
        error={form.errors.mobile}
        hint={t('signupSteps.mobileHint')}
      />
      <div className={form.errors.gtc ? 'acc-check acc-field--invalid' : 'acc-check'}>
        <input
          id={IDS.gtc}
          name="gtc"
          type="checkbox"
          checked={gtc}
          required
          aria-invalid={form.errors.gtc ? true : undefined}
          aria-describedby={form.errors.gtc ? `${IDS.gtc}-error` : undefined}
          onChange={(e) => {
            setGtc(e.currentTarget.checked);
            form.touch('gtc');
          }}
        />
        <label htmlFor={IDS.gtc}>{t('signupSteps.gtc')}</label>
        {form.errors.gtc ? (
          <p className="acc-field__error" id={`${IDS.gtc}-error`}>
            {form.errors.gtc}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={form.busy} label={t('signupSteps.submit')} t={t} />
    </form>
  );
}
