import type { TLang } from '@signet/shared/i18n/lang.rules';
import { getT } from '../../../lib/i18n.ts';
import { useFreshUser } from '../../account/session.ts';

/**
 * `/profile/signature-standards/mobile-id`: the mobile number that AES minimal (and the mobile
 * confirmation of a signature) rests on, and whether it is confirmed.
 */
export default function MobileId({ lang }: { lang: TLang }) {
  const t = getT(lang, 'trust');
  const user = useFreshUser();
  if (!user) return <p role="status">{t('standards.loading')}</p>;
  const { mobile, mobileVerified } = user.attributes;
  return (
    <div className="tr-stack">
      <p>{t('mobile.lead')}</p>
      <dl className="tr-details">
        <dt>{t('mobile.number')}</dt>
        <dd>{mobile ?? t('mobile.none')}</dd>
        <dt>{t('mobile.status')}</dt>
        <dd>{mobileVerified ? t('mobile.verified') : t('mobile.notVerified')}</dd>
      </dl>
      <p className="tr-muted">{t('mobile.howTo')}</p>
      <a className="btn btn--secondary" href="/profile/settings">
        {t('mobile.settings')}
      </a>
    </div>
  );
}
