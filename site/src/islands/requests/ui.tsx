/** Small pieces the request pages share: state badges, the colour legend, dates, the loaded user. */
import type { TLang } from '@signet/shared/i18n/lang.rules';
import {
  STATE_FILTERS,
  type TRequestState,
  type TRequestStatus,
  type TSignerStatus,
} from '@signet/shared/signature-request/signature-request.constants';
import { signerState } from '@signet/shared/signature-request/signature-request.rules';
import { DATE_TIME_FORMAT } from '@signet/shared/ui/ui.constants';
import type { TFunction } from '../../lib/i18n.ts';

/** A request's state for the viewer, as a coloured badge with its name (never colour alone). */
export function StateBadge({ t, state }: { t: TFunction; state: TRequestState }) {
  return (
    <span className={`rq-badge rq-badge--${state}`} data-state={state}>
      <span className="rq-dot" aria-hidden="true" />
      {t(`state.${state}`)}
    </span>
  );
}

/**
 * A signer's status badge. A signer who had not signed when the request ended is shown by how
 * it ended: expired, or not signed (declined by another); withdrawn when the owner withdrew.
 */
export function SignerBadge({
  t,
  status,
  requestStatus,
}: {
  t: TFunction;
  status: TSignerStatus;
  requestStatus: TRequestStatus;
}) {
  const ended = status === 'WITHDRAWN' && requestStatus !== 'WITHDRAWN';
  const state: TRequestState = ended
    ? requestStatus === 'EXPIRED'
      ? 'expired'
      : 'withdrawn'
    : signerState(status);
  const label = ended
    ? t(requestStatus === 'EXPIRED' ? 'signer.EXPIRED' : 'signer.NOT_SIGNED')
    : t(`signer.${status}`);
  return (
    <span className={`rq-badge rq-badge--${state}`} data-signer-status={status}>
      <span className="rq-dot" aria-hidden="true" />
      {label}
    </span>
  );
}

/** The legend of the states the list is filtered by. */
export function StateLegend({ t }: { t: TFunction }) {
  return (
    <ul className="rq-legend" aria-label={t('legend.label')}>
      {STATE_FILTERS.map((c) => (
        <li key={c}>
          <span className={`rq-dot rq-dot--${c}`} aria-hidden="true" />
          <span>
            <strong>{t(`state.${c}`)}</strong> – {t(`legend.${c}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * An e-mail address that wraps at its natural joints (after the @ and the dots) rather than in
 * the middle of a word; only a single part longer than the line breaks inside.
 */
export function Email({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="rq-email">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}

/** The sender's message to the signers (nothing when there is none). */
export function RequestMessage({
  t,
  message,
}: {
  t: TFunction;
  message: string | null | undefined;
}) {
  if (!message) return null;
  return (
    <figure className="rq-message">
      <figcaption>{t('view.message')}</figcaption>
      <blockquote>{message}</blockquote>
    </figure>
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Spec section 9: numeric day, short month, numeric year, hour and minute. */
export function formatDate(lang: TLang, iso: string | null | undefined): string {
  if (!iso) return '';
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, DATE_TIME_FORMAT);
    formatters.set(lang, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : f.format(d);
}

export function Loading({ text }: { text: string }) {
  return (
    <p className="rq-status" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}

/** The Cancel and Save buttons under a card's edit form (the form submits on Save). */
export function SaveCancel({
  t,
  busy,
  onCancel,
}: {
  t: TFunction;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="rq-card__actions">
      <button type="button" className="btn btn--text" onClick={onCancel}>
        {t('action.cancel')}
      </button>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('action.save')}
      </button>
    </div>
  );
}
