import { FREE_SIGNATURES_PER_MONTH } from '@signet/shared/plan/plan.constants';
import type { TFunction } from '../lib/i18n.ts';
import { closeOverlay } from '../stores/modals.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';

/**
 * Exhausted signatures (spec overlay): the server refused a signature beyond the free quota of
 * the month (402 FREE_SIGNATURES_EXHAUSTED). Offers the plans (/upgrade) or closing.
 */
export function openExhaustedSignaturesOverlay(t: TFunction): number {
  return openNoticeOverlay({
    name: 'exhausted-signatures',
    tone: 'info',
    title: t('requests:overlay.exhausted.title'),
    text: t('requests:overlay.exhausted.body', { quota: FREE_SIGNATURES_PER_MONTH }),
    actions: [
      { label: t('requests:action.close'), onClick: () => closeOverlay() },
      {
        label: t('requests:overlay.exhausted.upgrade'),
        primary: true,
        onClick: () => window.location.assign('/upgrade'),
      },
    ],
  });
}
