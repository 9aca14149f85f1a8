import type { TLang } from '@signet/shared/i18n/lang.rules';
import { api, call } from '../../lib/api.ts';
import { getT } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';
import { logout, setUser } from '../../stores/session.ts';

/**
 * The general "accept terms" dialog (spec 2, general dialogs): shown by the guard to users who
 * have not accepted the terms. It cannot be dismissed; accepting calls POST /v1/user/accept.
 */
export function openAcceptTerms(lang: TLang): number {
  const t = getT(lang);
  return openDialog({
    name: 'general/accept-terms',
    title: t('terms.title'),
    dismissible: false,
    content: <p>{t('terms.text')}</p>,
    actions: [
      { id: 'logout', label: t('terms.logout'), variant: 'text', handler: () => logout() },
      {
        id: 'accept',
        label: t('terms.accept'),
        variant: 'primary',
        handler: async () => {
          setUser(await call(api.acceptUser, { body: { gtc: true } }));
        },
      },
    ],
  });
}
