import { BUSINESS_SIGNUP_FLOW } from '@signet/shared/business/business.constants';
import { codeFromLang, type TLang, toLang } from '@signet/shared/i18n/lang.rules';
import { useEffect, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { queryParam } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';

type Props = { lang: TLang };

/**
 * `/signup/confirm?token=…&lang=…`: checks the link's token, then continues to
 * /signup/steps; an invalid or used link gets a clear message and a way back to /signup.
 */
export default function SignupConfirm({ lang }: Props) {
  const t = getT(lang, 'account');
  const [state, setState] = useState<'checking' | 'invalid'>('checking');

  useEffect(() => {
    const token = queryParam('token');
    if (!token) {
      setState('invalid');
      return;
    }
    const language = codeFromLang(toLang(queryParam('lang')) ?? lang);
    call(api.validConfirmation, { body: { token, language } })
      .then((res) => {
        if (!res.valid) return setState('invalid');
        // A business signup continues in the console with the business (spec section 2).
        const steps =
          res.flow === BUSINESS_SIGNUP_FLOW ? '/business/signup/steps' : '/signup/steps';
        window.location.replace(`${steps}?token=${encodeURIComponent(token)}`);
      })
      .catch(() => setState('invalid'));
  }, [lang]);

  useEffect(() => {
    if (state === 'invalid') document.getElementById('confirm-invalid')?.focus();
  }, [state]);

  if (state === 'checking') {
    return (
      <p className="acc-status" role="status">
        {t('signupConfirm.checking')}
      </p>
    );
  }
  return <InvalidLink t={t} id="confirm-invalid" prefix="signupConfirm" href="/signup" />;
}

/** The "this link is not valid" block shared by the signup and reset pages. */
export function InvalidLink({
  t,
  id,
  prefix,
  href,
}: {
  t: (key: string) => string;
  id: string;
  prefix: 'signupConfirm' | 'resetNew';
  href: string;
}) {
  return (
    <div className="acc-invalid" role="alert">
      <h2 id={id} tabIndex={-1}>
        {t(`${prefix}.invalidTitle`)}
      </h2>
      <p>{t(`${prefix}.invalidBody`)}</p>
      <a className="btn btn--primary" href={href}>
        {t(`${prefix}.restart`)}
      </a>
    </div>
  );
}
