import { useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import { type Lang, linkCode } from '../../lib/lang.ts';
import { errorText, requestReset } from './api.ts';
import { FormAlert } from './Field.tsx';
import { focusField } from './form.ts';
import { rememberEmail, useFreshUser } from './session.ts';

/**
 * `/profile/confirm`: whether the e-mail address is confirmed. An address is confirmed by
 * opening a link mailed to it (signup or password reset), so an unconfirmed one is offered a
 * reset link.
 */
export default function ProfileConfirm({ lang }: { lang: Lang }) {
  const t = getT(lang, 'account');
  const user = useFreshUser();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  if (!user) {
    return (
      <p className="acc-status" role="status">
        {t('profile.loading')}
      </p>
    );
  }

  async function sendLink(email: string) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await requestReset({ email, lang: linkCode(lang) });
      rememberEmail('reset', email);
      window.location.assign('/password-reset/mail-sent');
    } catch (err) {
      setBusy(false);
      setAlert(errorText(t, err));
      focusField('confirm-alert');
    }
  }

  return (
    <div className="acc-stack">
      {user.emailVerified ? (
        <p className="acc-alert acc-alert--ok" data-testid="email-status">
          {t('profileConfirm.verified', { email: user.email })}
        </p>
      ) : (
        <>
          <p className="acc-alert acc-alert--warn" data-testid="email-status">
            {t('profileConfirm.unverified', { email: user.email })}
          </p>
          <p>{t('profileConfirm.howTo')}</p>
          <FormAlert id="confirm-alert" message={alert} />
          <button
            type="button"
            className="btn btn--secondary"
            aria-busy={busy || undefined}
            onClick={() => sendLink(user.email)}
          >
            {busy ? t('form.working') : t('profileConfirm.reset')}
          </button>
        </>
      )}
      <p>
        <a href="/profile">{t('profileConfirm.back')}</a>
      </p>
    </div>
  );
}
