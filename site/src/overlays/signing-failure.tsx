import { useEffect, useRef } from 'react';
import { openOverlay } from '../stores/modals.ts';
import type { TSigningContext } from './signing.tsx';

/** Shown when a signature could not be applied: the reason, "Try again" and "Close". */
export function openSigningFailureOverlay(
  ctx: TSigningContext,
  code: string,
  retry: (ctx: TSigningContext) => number,
): number {
  return openOverlay({
    name: 'signing-failure',
    content: (o) => <FailureBody ctx={ctx} code={code} close={o.close} retry={() => retry(ctx)} />,
    actions: {},
  });
}

function FailureBody({
  ctx,
  code,
  close,
  retry,
}: {
  ctx: TSigningContext;
  code: string;
  close: () => void;
  retry: () => void;
}) {
  const { t } = ctx;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const known = t(`errors:${code}`);
  const reason = known !== code ? known : t('overlay.failure.generic');
  return (
    <div className="rq-overlay" data-testid="signing-failure">
      <div className="rq-overlay__box rq-overlay__box--centre">
        <div className="status-page__icon status-page__icon--error" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path
              d="M7 7l10 10M17 7L7 17"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </div>
        <h1>{t('overlay.failure.title')}</h1>
        <p className="rq-overlay__lead" role="alert">
          {reason}
        </p>
        <div className="rq-overlay__actions rq-overlay__actions--centre">
          <button type="button" className="btn btn--text" onClick={close}>
            {t('action.close')}
          </button>
          <button ref={button} type="button" className="btn btn--primary" onClick={retry}>
            {t('action.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
