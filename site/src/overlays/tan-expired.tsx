import { TAN } from '@signet/shared/direct-sign/direct-sign.constants';
import { openTanEntryDialog } from '../dialogs/document/tan-entry.tsx';
import { closeOverlay } from '../stores/modals.ts';
import { sendCodeAndAsk, type TDirectSignFlow } from './direct-sign-flow.ts';
import { $noticeError, openNoticeOverlay } from './notice-overlay.tsx';
import { openTanLockedOverlay } from './tan-locked.tsx';

/** TAN expired (spec overlay): the code is older than five minutes; send a new one. */
export function openTanExpiredOverlay(flow: TDirectSignFlow): number {
  const { t } = flow;
  return openNoticeOverlay({
    name: 'tan-expired',
    tone: 'info',
    title: t('direct:overlay.tanExpired.title'),
    text: t('direct:overlay.tanExpired.body', { minutes: TAN.ttlMs / 60_000 }),
    actions: [
      { label: t('direct:action.cancel'), onClick: () => closeOverlay() },
      {
        label: t('direct:overlay.tanExpired.resend'),
        primary: true,
        onClick: () =>
          sendCodeAndAsk(flow, openTanEntryDialog, openTanLockedOverlay).catch((error: Error) =>
            $noticeError.set(error.message),
          ),
      },
    ],
  });
}
