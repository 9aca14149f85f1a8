import { useEffect, useRef } from 'react';
import { openOverlay } from '../stores/modals.ts';
import type { TSigningContext } from './signing.tsx';

/** Shown after a signature was applied; "Back to the request" reloads the request page. */
export function openSigningSuccessOverlay(ctx: TSigningContext): number {
  return openOverlay({
    name: 'signing-success',
    content: (o) => <SuccessBody ctx={ctx} run={o.run} />,
    actions: { complete: () => ctx.onSigned() },
  });
}

function SuccessBody({ ctx, run }: { ctx: TSigningContext; run: (a: string) => Promise<boolean> }) {
  const { t } = ctx;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="rq-overlay" data-testid="signing-success">
      <div className="rq-overlay__box rq-overlay__box--centre">
        <div className="status-page__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1>{t('overlay.success.title')}</h1>
        <p className="rq-overlay__lead">{t('overlay.success.body', { title: ctx.title })}</p>
        <button
          ref={button}
          type="button"
          className="btn btn--primary btn--xl"
          onClick={() => void run('complete')}
        >
          {t('overlay.success.back')}
        </button>
      </div>
    </div>
  );
}
