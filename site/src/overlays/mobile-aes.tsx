import type { TFunction } from '../lib/i18n.ts';
import { closeOverlay } from '../stores/modals.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';

/**
 * Mobile AES (spec overlay): the mobile number is confirmed, so AES minimal (eIDAS and ZertES)
 * is active — a signature with a certificate of the person's own, confirmed by a code. It offers
 * to make it the default quality (`makeDefault`: `PUT /v1/user` with defaultQuality
 * AES_MINIMAL), or to keep the current one. `t` reads the `trust` texts.
 */
export function openMobileAesOverlay(t: TFunction, makeDefault: () => Promise<unknown>): number {
  return openNoticeOverlay({
    name: 'mobile-aes',
    tone: 'info',
    title: t('trust:mobileAes.title'),
    text: t('trust:mobileAes.body'),
    actions: [
      { label: t('trust:mobileAes.later'), onClick: () => closeOverlay() },
      {
        label: t('trust:mobileAes.makeDefault'),
        primary: true,
        onClick: async () => {
          await makeDefault();
          closeOverlay();
        },
      },
    ],
  });
}
