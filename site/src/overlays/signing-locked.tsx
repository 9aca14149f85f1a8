import { useEffect, useRef, useState } from 'react';
import { api, call } from '../lib/api.ts';
import { openOverlay } from '../stores/modals.ts';
import type { TSigningContext } from './signing.tsx';

/** How often the lock status is read while this overlay is up. */
export const LOCK_POLL_MS = 2000;

/**
 * Shown while another signature is being applied to the request: the lock status is polled
 * (`GET …/lock-status`) and "Sign now" becomes available once it is released.
 */
export function openSigningLockedOverlay(
  ctx: TSigningContext,
  retry: (ctx: TSigningContext) => number,
): number {
  return openOverlay({
    name: 'signing-locked',
    content: (o) => <LockedBody ctx={ctx} close={o.close} retry={() => retry(ctx)} />,
    actions: {},
  });
}

function LockedBody({
  ctx,
  close,
  retry,
}: {
  ctx: TSigningContext;
  close: () => void;
  retry: () => void;
}) {
  const { t } = ctx;
  const [locked, setLocked] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!locked) return;
    let stopped = false;
    const timer = setInterval(() => {
      call(api.getSignatureRequestLockStatus, { params: { id: ctx.requestId } })
        .then((s) => {
          if (!stopped && !s.locked) setLocked(false);
        })
        .catch(() => {});
    }, LOCK_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [locked, ctx.requestId]);
  useEffect(() => {
    if (!locked) button.current?.focus();
  }, [locked]);
  return (
    <div className="rq-overlay" data-testid="signing-locked">
      <div className="rq-overlay__box rq-overlay__box--centre">
        <h1>{t('overlay.locked.title')}</h1>
        <p className="rq-overlay__lead" role="status">
          {locked ? t('overlay.locked.body') : t('overlay.locked.free')}
        </p>
        {locked && <span className="spinner" aria-hidden="true" />}
        <div className="rq-overlay__actions rq-overlay__actions--centre">
          <button type="button" className="btn btn--text" onClick={close}>
            {t('action.close')}
          </button>
          <button
            ref={button}
            type="button"
            className="btn btn--primary"
            disabled={locked}
            onClick={retry}
          >
            {t('overlay.locked.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
