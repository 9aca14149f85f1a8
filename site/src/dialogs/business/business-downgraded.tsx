import type { TLang } from '@signet/shared/i18n/lang.rules';
import { api, call } from '../../lib/api.ts';
import { getT } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';
import { setUser } from '../../stores/session.ts';

/** Spec name of the dialog (spec section 2, dialogs: business). */
export const BUSINESS_DOWNGRADED_DIALOG = 'business/business-downgraded';

/**
 * The "business downgraded" dialog (spec section 6: removed or business-deleted users): the
 * account goes on without the business; reading it clears the flag (`PUT /v1/user`).
 */
export function openBusinessDowngradedDialog(lang: TLang, reason: 'removed' | 'deleted'): number {
  const t = getT(lang);
  return openDialog({
    name: BUSINESS_DOWNGRADED_DIALOG,
    title: t(`business.downgraded.${reason}Title`),
    dismissible: false,
    content: <p>{t(`business.downgraded.${reason}Text`)}</p>,
    actions: [
      {
        id: 'ok',
        label: t('business.downgraded.ok'),
        variant: 'primary',
        handler: async () => {
          setUser(
            await call(api.updateUser, {
              body: { attributes: { businessDeleted: false, removedFromBusiness: false } },
            }),
          );
        },
      },
    ],
  });
}
