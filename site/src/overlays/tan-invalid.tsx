import { openTanEntryDialog } from '../dialogs/document/tan-entry.tsx';
import { closeOverlay } from '../stores/modals.ts';
import type { TDirectSignFlow } from './direct-sign-flow.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';

/** TAN invalid (spec overlay): the code was wrong; how many tries are left; enter it again. */
export function openTanInvalidOverlay(flow: TDirectSignFlow, attemptsLeft: number): number {
  const { t } = flow;
  return openNoticeOverlay({
    name: 'tan-invalid',
    tone: 'error',
    title: t('direct:overlay.tanInvalid.title'),
    text: t('direct:overlay.tanInvalid.body', { count: attemptsLeft }),
    actions: [
      { label: t('direct:action.cancel'), onClick: () => closeOverlay() },
      {
        label: t('direct:overlay.tanInvalid.again'),
        primary: true,
        onClick: () => openTanEntryDialog(flow),
      },
    ],
  });
}
