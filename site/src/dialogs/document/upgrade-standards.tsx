import type { TFunction } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: document). */
export const UPGRADE_STANDARDS_DIALOG = 'document/upgrade-standards';

/** What the request asks of the signer (403 QUALITY_TOO_LOW's details). */
export type TRequiredStandard = { quality: string; legislation: string };

/**
 * "Upgrade standards": the request asks for a signature standard the signer has not activated;
 * instead of a signature they get the way to identify — an account the legislation's methods
 * page, a direct signer their identification page (`identifyAt`) — which brings them back to the
 * request afterwards.
 */
export function openUpgradeStandardsDialog(
  t: TFunction,
  requestId: string,
  required: TRequiredStandard,
  identifyAt?: string,
): void {
  const legislation = required.legislation === 'EIDAS' ? 'eidas' : 'zertes';
  const target =
    identifyAt ??
    `/profile/signature-standards/${legislation}?${new URLSearchParams({ signatureRequestId: requestId })}`;
  openDialog({
    name: UPGRADE_STANDARDS_DIALOG,
    title: t('trust:upgrade.title'),
    content: (
      <p>
        {t('trust:upgrade.body', {
          quality: t(`trust:choice.quality.${required.quality}`),
          legislation: t(`trust:choice.legislation.${required.legislation}`),
        })}
      </p>
    ),
    actions: [
      { id: 'later', label: t('trust:upgrade.later'), variant: 'text' },
      {
        id: 'identify',
        label: t('trust:upgrade.identify'),
        variant: 'primary',
        handler: () => window.location.assign(target),
      },
    ],
  });
}
