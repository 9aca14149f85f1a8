import type { TLang } from '@signet/shared/i18n/lang.rules';
import { getT } from '../../lib/i18n.ts';
import { useCurrentUser } from './session.ts';

/** `/welcome`: greets the newly registered user by name and leads to the dashboard. */
export default function Welcome({ lang }: { lang: TLang }) {
  const t = getT(lang, 'account');
  const user = useCurrentUser();
  const name = user?.firstName?.trim();
  return (
    <div className="acc-welcome">
      <h1 id="page-heading">
        {name ? t('welcome.heading', { name }) : t('welcome.headingNoName')}
      </h1>
      <p className="acc-lead">{t('welcome.body')}</p>
      <a className="btn btn--primary" href="/dashboard">
        {t('welcome.dashboard')}
      </a>
    </div>
  );
}
