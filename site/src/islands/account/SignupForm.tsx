import { normaliseEmailQuery } from '@signet/shared/validation/validation.rules';
import { type FormEvent, useEffect, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import { type Lang, linkCode } from '../../lib/lang.ts';
import { errorText, requestConfirmation } from './api.ts';
import { type TUserLang, USER_LANGS } from './constants.ts';
import { FormAlert, SubmitButton, TextField } from './Field.tsx';
import { email as emailRule, focusField } from './form.ts';
import { rememberEmail, rememberReferral, rememberSignupRedirect } from './session.ts';

type Props = { lang: Lang };

/** `/signup`: e-mail and language → confirmation mail → /signup/mail-sent. */
export default function SignupForm({ lang }: Props) {
  const t = getT(lang, 'account');
  const pageCode = linkCode(lang);
  const [email, setEmail] = useState('');
  const [userLang, setUserLang] = useState<TUserLang>(
    (USER_LANGS as readonly string[]).includes(pageCode) ? (pageCode as TUserLang) : 'en',
  );
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A referral code arrives as `?ucc=` on the signup link; keep it for the register call. An
  // invitation brings `?email=` (prefilled) and `?redirect=` (the request to land on).
  useEffect(() => {
    rememberReferral();
    rememberSignupRedirect();
    const invited = normaliseEmailQuery(new URLSearchParams(window.location.search).get('email'));
    if (invited) setEmail(invited);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = emailRule(t, email);
    setError(problem);
    if (problem) {
      focusField('signup-email');
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      const address = email.trim().toLowerCase();
      await requestConfirmation({ email: address, lang: userLang, flow: 'signup' });
      rememberEmail('signup', address);
      window.location.assign('/signup/mail-sent');
    } catch (err) {
      setBusy(false);
      setAlert(errorText(t, err));
      focusField('signup-alert');
    }
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="signup-alert" message={alert} />
      <TextField
        id="signup-email"
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
      <div className="acc-field">
        <label htmlFor="signup-lang">{t('field.language')}</label>
        <select
          id="signup-lang"
          name="lang"
          value={userLang}
          onChange={(e) => setUserLang(e.currentTarget.value as TUserLang)}
        >
          {USER_LANGS.map((code) => (
            <option key={code} value={code}>
              {t(`lang.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={busy} label={t('signup.submit')} t={t} />
    </form>
  );
}
