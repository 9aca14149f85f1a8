import type { TFunction } from '../lib/i18n.ts';
import { closeOverlay } from '../stores/modals.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';

/**
 * Serial number mismatch (spec overlay): the identification, or the identity details typed,
 * name another person than the one identified before (SERIAL_NUMBER_MISMATCH). The certificates
 * carry that first identity, so nothing changed; the person may try again with their own
 * identity document. `t` reads the `trust` texts.
 */
export function openSerialNumberMismatchOverlay(t: TFunction, onRetry?: () => void): number {
  return openNoticeOverlay({
    name: 'serial-number-mismatch',
    tone: 'error',
    title: t('trust:serialMismatch.title'),
    text: t('trust:serialMismatch.body'),
    actions: [
      {
        label: t('trust:serialMismatch.close'),
        primary: true,
        onClick: () => {
          closeOverlay();
          onRetry?.();
        },
      },
    ],
  });
}
