import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useEffect } from 'react';
import { getT } from '../../lib/i18n.ts';
import { logout } from '../../stores/session.ts';

/** `/logout`: revokes the session on the server, forgets it in the browser, then /login. */
export default function Logout({ lang }: { lang: TLang }) {
  const t = getT(lang, 'account');
  useEffect(() => {
    void logout('/login');
  }, []);
  return (
    <p className="acc-status" role="status">
      {t('logout.working')}
    </p>
  );
}
