import { closeOverlay } from '../stores/modals.ts';
import { openNoticeOverlay } from './notice-overlay.tsx';
import type { TSigningContext } from './signing.tsx';

/** Shown when a signature could not be applied: the reason, "Try again" and "Close". */
export function openSigningFailureOverlay(
  ctx: TSigningContext,
  code: string,
  retry: (ctx: TSigningContext) => number,
): number {
  const { t } = ctx;
  const known = t(`errors:${code}`);
  return openNoticeOverlay({
    name: 'signing-failure',
    tone: 'error',
    title: t('overlay.failure.title'),
    text: known !== code ? known : t('overlay.failure.generic'),
    actions: [
      { label: t('action.close'), onClick: () => closeOverlay() },
      { label: t('action.retry'), primary: true, onClick: () => retry(ctx) },
    ],
  });
}
