import { type FormEvent, useEffect, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import { type Lang, linkCode } from '../../lib/lang.ts';
import { apiErrorOf, errorText, register, validConfirmation } from './api.ts';
import { type TUserLang, USER_LANGS } from './constants.ts';
import { FormAlert, PasswordField, SubmitButton, TextField } from './Field.tsx';
import {
  type FieldErrors,
  firstError,
  focusField,
  maxLength,
  optionalPhone,
  queryParam,
  required,
} from './form.ts';
import { PasswordVerdict } from './PasswordVerdict.tsx';
import { InvalidLink } from './SignupConfirm.tsx';
import { afterSignupPath, readReferral, startSession } from './session.ts';
import { passwordMessageKey, usePasswordCheck } from './usePasswordCheck.ts';

type Props = { lang: Lang };
type Key = 'firstName' | 'lastName' | 'password' | 'mobile' | 'gtc';
const ORDER: readonly Key[] = ['firstName', 'lastName', 'password', 'mobile', 'gtc'];
const IDS: Record<Key, string> = {
  firstName: 'steps-first-name',
  lastName: 'steps-last-name',
  password: 'steps-password',
  mobile: 'steps-mobile',
  gtc: 'steps-gtc',
};

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
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { check, verify } = usePasswordCheck(values.password, token);

  useEffect(() => {
    const value = queryParam('token');
    if (!value) {
      setState('invalid');
      return;
    }
    setToken(value);
    validConfirmation({ token: value })
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
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const next: FieldErrors<Key> = {
      firstName: required(t, values.firstName) ?? maxLength(t, values.firstName.trim(), 100),
      lastName: required(t, values.lastName) ?? maxLength(t, values.lastName.trim(), 100),
      password: required(t, values.password),
      mobile: optionalPhone(t, values.mobile),
      gtc: gtc ? undefined : t('signupSteps.gtcRequired'),
    };
    setAlert(null);
    setBusy(true);
    try {
      if (!next.password) {
        const verdict = await verify();
        const key = passwordMessageKey(verdict);
        if (verdict.state === 'bad' && key) next.password = t(key);
      }
      setErrors(next);
      const first = firstError(ORDER, next);
      if (first) {
        setBusy(false);
        focusField(IDS[first]);
        return;
      }
      const code = linkCode(lang);
      const userLang: TUserLang = (USER_LANGS as readonly string[]).includes(code)
        ? (code as TUserLang)
        : 'en';
      const referral = readReferral();
      const result = await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
        token,
        gtc: true,
        lang: userLang,
        ...(values.mobile.trim() ? { mobile: values.mobile.trim() } : {}),
        ...(referral ? { celloUCC: referral } : {}),
      });
      startSession(result);
      window.location.assign(afterSignupPath());
    } catch (error) {
      setBusy(false);
      const { code, passwordCode } = apiErrorOf(error);
      // The link was used or expired meanwhile: the only way on is a new one.
      if (code === 'INVALID_TOKEN' || code === 'EMAIL_TAKEN') {
        setState('invalid');
        return;
      }
      if (passwordCode) {
        setErrors((e) => ({ ...e, password: t(`password.${passwordCode}`) }));
        focusField(IDS.password);
        return;
      }
      setAlert(errorText(t, error));
      focusField('steps-alert');
    }
  }

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
      <FormAlert id="steps-alert" message={alert} />
      <div className="acc-row">
        <TextField
          id={IDS.firstName}
          label={t('field.firstName')}
          autoComplete="given-name"
          required
          value={values.firstName}
          onValue={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          id={IDS.lastName}
          label={t('field.lastName')}
          autoComplete="family-name"
          required
          value={values.lastName}
          onValue={set('lastName')}
          error={errors.lastName}
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
        error={errors.password}
        hint={<PasswordVerdict t={t} check={check} showError={!errors.password} />}
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
        error={errors.mobile}
        hint={t('signupSteps.mobileHint')}
      />
      <div className={errors.gtc ? 'acc-check acc-field--invalid' : 'acc-check'}>
        <input
          id={IDS.gtc}
          name="gtc"
          type="checkbox"
          checked={gtc}
          required
          aria-invalid={errors.gtc ? true : undefined}
          aria-describedby={errors.gtc ? `${IDS.gtc}-error` : undefined}
          onChange={(e) => {
            setGtc(e.currentTarget.checked);
            if (errors.gtc) setErrors((x) => ({ ...x, gtc: undefined }));
          }}
        />
        <label htmlFor={IDS.gtc}>{t('signupSteps.gtc')}</label>
        {errors.gtc ? (
          <p className="acc-field__error" id={`${IDS.gtc}-error`}>
            {errors.gtc}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={busy} label={t('signupSteps.submit')} t={t} />
    </form>
  );
}
