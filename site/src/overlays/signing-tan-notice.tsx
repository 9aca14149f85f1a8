import type { TFunction } from '../lib/i18n.ts';
import { closeOverlay } from '../stores/modals.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';

/**
 * The TAN expired and TAN locked overlays of a signature with the signer's own certificate (the
 * spec's overlays, drawn by the notice overlay direct signing uses too): `again` sends a new
 * code (expired) or starts the signature over (locked).
 */
export function openSigningTanNotice(
  t: TFunction,
  which: 'expired' | 'locked',
  again: () => void,
): number {
  return openNoticeOverlay({
    name: `tan-${which}`,
    tone: 'error',
    title: t(`trust:tanOverlay.${which}.title`),
    text: t(`trust:tanOverlay.${which}.body`),
    actions: [
      { label: t('action.close'), onClick: () => closeOverlay() },
      { label: t(`trust:tanOverlay.${which}.again`), primary: true, onClick: again },
    ],
  });
}
