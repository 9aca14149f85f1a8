import type { TLang } from '@signet/shared/i18n/lang.rules';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { getT } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';
import { loadSession, setUser } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbars.ts';

/** Spec name of the dialog (spec section 2, dialogs: business). */
export const BUSINESS_INVITATION_DIALOG = 'business/business-invitation';

/**
 * Answers the invitation the user is a member for (`POST /v1/user/accept` with
 * `business_invite`): accepting makes them a member, declining ends the membership.
 */
export async function answerInvitation(
  lang: TLang,
  accept: boolean,
  businessName: string,
): Promise<void> {
  const t = getT(lang);
  try {
    setUser(await call(api.acceptUser, { body: { business_invite: accept } }));
  } catch (error) {
    throw new Error(errorMessage(t, error));
  }
  await loadSession(true).catch(() => {});
  showSnackbar({
    message: t(accept ? 'business.invitation.joined' : 'business.invitation.declined', {
      name: businessName,
    }),
    variant: accept ? 'success' : 'info',
  });
}

/**
 * The "business invitation" dialog (spec section 6: invitees must accept it), shown by the guard
 * on every page until answered.
 */
export function openBusinessInvitationDialog(lang: TLang, businessName: string): number {
  const t = getT(lang);
  return openDialog({
    name: BUSINESS_INVITATION_DIALOG,
    title: t('business.invitation.title', { name: businessName }),
    dismissible: false,
    content: <p>{t('business.invitation.text', { name: businessName })}</p>,
    actions: [
      {
        id: 'decline',
        label: t('business.invitation.decline'),
        variant: 'text',
        handler: () => answerInvitation(lang, false, businessName),
      },
      {
        id: 'accept',
        label: t('business.invitation.accept'),
        variant: 'primary',
        handler: () => answerInvitation(lang, true, businessName),
      },
    ],
  });
}
