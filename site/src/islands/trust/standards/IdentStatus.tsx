import { ApiError } from '@signet/shared/api/browser';
import { appointmentState } from '@signet/shared/identification/identification.rules';
import type { TIdentInfo } from '@signet/shared/identification/identification.schema';
import { SIGNING_STEP_CODES } from '@signet/shared/signing/signing.constants';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { openSerialNumberMismatchOverlay } from '../../../overlays/serial-number-mismatch.tsx';

/**
 * Where an identification stands (an account's or a direct signer's): its state, the way to the
 * provider while it is open, `done` once it succeeded, and "try again" after a failure.
 */
export function IdentStatus({
  t,
  ident,
  done,
  onRetry,
}: {
  t: TFunction;
  ident: TIdentInfo;
  done?: ReactNode;
  onRetry: () => void;
}) {
  const state = appointmentState(ident.appointmentStatus);
  if (!state) return null;
  return (
    <section className="tr-card" data-testid="ident-status">
      <p role="status">
        {t(`ident.state.${state}`, { provider: t(`ident.provider.${ident.provider}`) })}
      </p>
      {ident.identUrl && (
        <a className="btn btn--primary" href={ident.identUrl} target="_blank" rel="noopener">
          {t('ident.goToProvider')}
        </a>
      )}
      {ident.status === 'success' && done}
      {ident.status === 'failure' && (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('identify.tryAgain')}
        </button>
      )}
    </section>
  );
}

/**
 * What a failed booking tells the person: another person's identity details open the serial
 * number mismatch overlay (null: nothing more to show); anything else is the error's text.
 */
export function bookingError(t: TFunction, error: unknown): string | null {
  const failure = ApiError.of(error);
  if (failure.code !== SIGNING_STEP_CODES.serialNumberMismatch) return errorMessage(t, failure);
  openSerialNumberMismatchOverlay(t);
  return null;
}

/** A fresh read of an identification: one that named another person opens the overlay. */
export function followIdent(t: TFunction, fresh: TIdentInfo, retry: () => void): void {
  if (fresh.failureReason === SIGNING_STEP_CODES.serialNumberMismatch) {
    openSerialNumberMismatchOverlay(t, retry);
  }
}
