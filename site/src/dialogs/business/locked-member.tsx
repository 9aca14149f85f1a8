import type { TLang } from '@signet/shared/i18n/lang.rules';
import { getT } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: business). */
export const LOCKED_MEMBER_DIALOG = 'business/locked-member';

/**
 * The "locked member" dialog (spec section 6): the member's business is locked (payment blocked
 * or the trial expired); only its admins can unlock it.
 */
export function openLockedMemberDialog(lang: TLang, businessName: string): number {
  const t = getT(lang);
  return openDialog({
    name: LOCKED_MEMBER_DIALOG,
    title: t('business.locked.title'),
    content: <p>{t('business.locked.text', { name: businessName })}</p>,
    actions: [{ id: 'ok', label: t('business.locked.ok'), variant: 'primary' }],
  });
}
