import { closeOverlay } from '../stores/modals.ts';
import type { TDirectSignFlow } from './direct-sign-flow.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';

/** TAN locked (spec overlay): five wrong codes; nothing is accepted for a while. */
export function openTanLockedOverlay(flow: Pick<TDirectSignFlow, 't'>, minutes: number): number {
  const { t } = flow;
  return openNoticeOverlay({
    name: 'tan-locked',
    tone: 'error',
    title: t('direct:overlay.tanLocked.title'),
    text: t('direct:overlay.tanLocked.body', { minutes }),
    actions: [{ label: t('direct:action.close'), primary: true, onClick: () => closeOverlay() }],
  });
}
