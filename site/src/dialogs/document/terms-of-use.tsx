import type { TIdentProvider } from '@signet/shared/identification/identification.constants';
import type { TFunction } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: document). */
export const TERMS_OF_USE_DIALOG = 'document/terms-of-use';

/**
 * The identification provider's terms of use: the person accepts them before the first
 * identification with that provider (`POST /v1/user/accept` with `tou_{provider}`).
 * `decide(true)` on accept, `decide(false)` when the dialog is left.
 */
export function openTermsOfUseDialog(
  t: TFunction,
  provider: TIdentProvider,
  decide: (accepted: boolean) => void,
): void {
  let decided = false;
  const once = (accepted: boolean) => {
    if (decided) return;
    decided = true;
    decide(accepted);
  };
  openDialog({
    name: TERMS_OF_USE_DIALOG,
    title: t('tou.title', { provider: t(`ident.provider.${provider}`) }),
    content: (
      <div className="tr-stack">
        <p>{t(`tou.body.${provider}`)}</p>
        <p className="tr-test">{t('tou.testSystem')}</p>
      </div>
    ),
    actions: [
      { id: 'decline', label: t('tou.decline'), variant: 'text', handler: () => once(false) },
      { id: 'accept', label: t('tou.accept'), variant: 'primary', handler: () => once(true) },
    ],
  });
}
