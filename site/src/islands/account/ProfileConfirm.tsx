import { codeFromLang, type TLang } from '@signet/shared/i18n/lang.rules';
import { api, call } from '../../lib/api.ts';
import { useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { FormAlert } from './Field.tsx';
import { rememberEmail, useFreshUser } from './session.ts';

/**
 * `/profile/confirm`: whether the e-mail address is confirmed. An address is confirmed by
 * opening a link mailed to it (signup or password reset), so an unconfirmed one is offered a
 * reset link.
 */
export default function ProfileConfirm({ lang }: { lang: TLang }) {
  const t = getT(lang, 'account');
  const user = useFreshUser();
  const form = useFormSubmit({ t, ids: {}, alertId: 'confirm-alert' });

  if (!user) {
    return (
      <p className="acc-status" role="status">
        {t('profile.loading')}
      </p>
    );
  }

  const sendLink = (email: string) =>
    form.submit({
      run: async () => {
        await call(api.requestReset, { body: { email, lang: codeFromLang(lang) } });
        rememberEmail('reset', email);
        window.location.assign('/password-reset/mail-sent');
      },
    })();

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
          <FormAlert id="confirm-alert" message={form.alert} />
          <button
            type="button"
            className="btn btn--secondary"
            aria-busy={form.busy || undefined}
            onClick={() => void sendLink(user.email)}
          >
            {form.busy ? t('form.working') : t('profileConfirm.reset')}
          </button>
        </>
      )}
      <p>
        <a href="/profile">{t('profileConfirm.back')}</a>
      </p>
    </div>
  );
}
