import type { TFunction } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: general). */
export const CONNECT_AUSTRIAN_ID_DIALOG = 'general/connect-austrian-id';

/**
 * Connect an Austrian ID (ID Austria, eIDAS): the person would sign in at ID Austria and come
 * back to `/profile/signature-standards/id-austria-success`. The test system has no ID Austria
 * sandbox, so the dialog says so and points to the methods that work here.
 */
export function openConnectAustrianIdDialog(t: TFunction): void {
  openDialog({
    name: CONNECT_AUSTRIAN_ID_DIALOG,
    title: t('austria.title'),
    content: (
      <div className="tr-stack">
        <p>{t('austria.body')}</p>
        <p className="tr-test">{t('austria.testSystem')}</p>
      </div>
    ),
    actions: [{ id: 'close', label: t('dialog.close'), variant: 'primary' }],
  });
}
