import { codeFromLang, type TLang } from '@signet/shared/i18n/lang.rules';
import { isUserLang, type TUserLang, USER_LANGS } from '@signet/shared/user/user.constants';
import { normaliseEmailQuery } from '@signet/shared/validation/validation.rules';
import { useEffect, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { email as emailRule, useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { FormAlert, SubmitButton, TextField } from './Field.tsx';
import { rememberEmail, rememberReferral, rememberSignupRedirect } from './session.ts';

type Props = { lang: TLang };
const IDS = { email: 'signup-email' } as const;

/** The account language a page language suggests (Italian is not an account language). */
export function accountLangOf(lang: TLang): TUserLang {
  const code = codeFromLang(lang);
  return isUserLang(code) ? code : 'en';
}

/** `/signup`: e-mail and language → confirmation mail → /signup/mail-sent. */
export default function SignupForm({ lang }: Props) {
  const t = getT(lang, 'account');
  const [email, setEmail] = useState('');
  const [userLang, setUserLang] = useState<TUserLang>(accountLangOf(lang));
  const form = useFormSubmit({ t, ids: IDS, alertId: 'signup-alert' });

  // A referral code arrives as `?ucc=` on the signup link; keep it for the register call. An
  // invitation brings `?email=` (prefilled) and `?redirect=` (the request to land on).
  useEffect(() => {
    rememberReferral();
    rememberSignupRedirect();
    const invited = normaliseEmailQuery(new URLSearchParams(window.location.search).get('email'));
    if (invited) setEmail(invited);
  }, []);

  const onSubmit = form.submit({
    check: () => ({ email: emailRule(t, email) }),
    run: async () => {
      const address = email.trim().toLowerCase();
      await call(api.requestConfirmation, {
        body: { email: address, lang: userLang, flow: 'signup' },
      });
      rememberEmail('signup', address);
      window.location.assign('/signup/mail-sent');
    },
  });

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="signup-alert" message={form.alert} />
      <TextField
        id={IDS.email}
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={(v) => {
          setEmail(v);
          form.touch('email');
        }}
        error={form.errors.email}
      />
      <div className="acc-field">
        <label htmlFor="signup-lang">{t('field.language')}</label>
        <select
          id="signup-lang"
          name="lang"
          value={userLang}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isUserLang(value)) setUserLang(value);
          }}
        >
          {USER_LANGS.map((code) => (
            <option key={code} value={code}>
              {t(`lang.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton busy={form.busy} label={t('signup.submit')} t={t} />
    </form>
  );
}
