import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbars.ts';

/** Spec name of the dialog (spec section 2, dialogs: profile). */
export const LEAVE_BUSINESS_DIALOG = 'profile/leave-business';

/**
 * "Leave business": the member names only themselves in `POST …/remove-members`. Their
 * documents and requests stay theirs; the last admin is refused (LAST_BUSINESS_ADMIN, shown).
 */
export function openLeaveBusinessDialog(
  t: TFunction,
  business: { id: string; name: string },
  userId: string,
): void {
  openDialog({
    name: LEAVE_BUSINESS_DIALOG,
    title: t('leaveBusiness.title', { name: business.name }),
    content: <p>{t('leaveBusiness.text')}</p>,
    actions: [
      { id: 'cancel', label: t('leaveBusiness.cancel'), variant: 'text' },
      {
        id: 'leave',
        label: t('leaveBusiness.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            await call(api.removeBusinessMembers, {
              params: { id: business.id },
              body: { user_ids: [userId] },
            });
          } catch (error) {
            throw new Error(errorMessage(t, error));
          }
          await loadSession(true).catch(() => {});
          showSnackbar({
            message: t('leaveBusiness.done', { name: business.name }),
            variant: 'success',
          });
        },
      },
    ],
  });
}
