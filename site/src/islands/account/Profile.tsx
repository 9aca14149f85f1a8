import { useStore } from '@nanostores/react';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { openDeleteAccountDialog } from '../../dialogs/profile/delete-account.tsx';
import { openLeaveBusinessDialog } from '../../dialogs/profile/leave-business.tsx';
import { getT } from '../../lib/i18n.ts';
import { $session } from '../../stores/session.ts';
import { useFlash, useFreshUser } from './session.ts';

/** `/profile`: who the user is, whether the e-mail is confirmed, and where to change things. */
export default function Profile({ lang }: { lang: TLang }) {
  const t = getT(lang, 'account');
  const user = useFreshUser();
  const { business } = useStore($session);
  useFlash();

  if (!user) {
    return (
      <p className="acc-status" role="status">
        {t('profile.loading')}
      </p>
    );
  }
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      <dl className="acc-details">
        <div>
          <dt>{t('profile.name')}</dt>
          <dd data-testid="profile-name">{name || t('profile.notSet')}</dd>
        </div>
        <div>
          <dt>{t('field.email')}</dt>
          <dd>
            <span data-testid="profile-email">{user.email}</span>{' '}
            {user.emailVerified ? (
              <span className="acc-badge acc-badge--ok">{t('profile.verified')}</span>
            ) : (
              <>
                <span className="acc-badge acc-badge--warn">{t('profile.notVerified')}</span>{' '}
                <a href="/profile/confirm">{t('profile.confirmLink')}</a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('field.language')}</dt>
          <dd>{t(`lang.${user.attributes.lang}`)}</dd>
        </div>
        <div>
          <dt>{t('field.mobile')}</dt>
          <dd>{user.attributes.mobile || t('profile.notSet')}</dd>
        </div>
        {business && user.attributes.acceptedBusinessInvite ? (
          <div>
            <dt>{t('profile.business')}</dt>
            <dd>
              <span data-testid="profile-business">{business.name}</span>{' '}
              <button
                type="button"
                className="btn btn--text"
                onClick={() => openLeaveBusinessDialog(t, business, user.id)}
              >
                {t('profile.leaveBusiness')}
              </button>
            </dd>
          </div>
        ) : null}
      </dl>
      <ul className="acc-links">
        <li>
          <a href="/profile/settings">{t('profile.settings')}</a>
        </li>
        <li>
          <a href="/profile/change-password">{t('profile.changePassword')}</a>
        </li>
        <li>
          <a href="/profile/signature-standards">{t('profile.signatureStandards')}</a>
        </li>
        <li>
          <a href="/profile/visual-signature">{t('profile.visualSignature')}</a>
        </li>
        <li>
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => openDeleteAccountDialog(t)}
          >
            {t('profile.deleteAccount')}
          </button>
        </li>
      </ul>
    </>
  );
}
